import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { LegalDocument } from '@/components/LegalDocument';
import type { LegalDocument as Document } from '@/store/api/legal';

export default function LegalPage({ document }: { document: Document }) {
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <Link component={RouterLink} to="/">
        Back to home
      </Link>
      <LegalDocument document={document} />
    </Box>
  );
}
