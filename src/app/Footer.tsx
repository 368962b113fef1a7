import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LegalLink } from '@/components/LegalLink';
import { config } from '@/config';

export function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
      {/* The year is the visitor's, not the build's that prerendered the page. */}
      <Typography variant="body2" color="textSecondary" suppressHydrationWarning>
        {`© ${new Date().getFullYear()} ${config.companyName}. All rights reserved.`}
      </Typography>
      <Box sx={{ mt: 1, display: 'flex', gap: 3, justifyContent: 'center' }}>
        <LegalLink document="terms" variant="body2">
          Terms of Service
        </LegalLink>
        <LegalLink document="privacy" variant="body2">
          Privacy Policy
        </LegalLink>
      </Box>
    </Box>
  );
}
