import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '@/config';
import { legalTextLink } from '@/config/paths';

/** `signedIn`: in the signed-in route table, whose pages show the legal texts in a dialog. */
export function Footer({ signedIn }: { signedIn: boolean }) {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
      {/* The year is the visitor's, not the build's that prerendered the page. */}
      <Typography variant="body2" color="textSecondary" suppressHydrationWarning>
        {`© ${new Date().getFullYear()} ${config.companyName}. All rights reserved.`}
      </Typography>
      <Box sx={{ mt: 1, display: 'flex', gap: 3, justifyContent: 'center' }}>
        <Link component={RouterLink} to={legalTextLink('terms', signedIn)} variant="body2">
          Terms of Service
        </Link>
        <Link component={RouterLink} to={legalTextLink('privacy', signedIn)} variant="body2">
          Privacy Policy
        </Link>
      </Box>
    </Box>
  );
}
