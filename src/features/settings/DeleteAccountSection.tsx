import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { legalTextLink } from '@/config/paths';
import { SectionHeading } from '@/components/SectionHeading';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** The privacy policy's promise: a person can delete their account themselves. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="delete-heading" sx={{ p: 3 }}>
      <SectionHeading id="delete-heading" gap={1}>
        Delete account
      </SectionHeading>
      <Typography sx={{ mb: 2 }}>
        Cancels your subscription, gives your number back and deletes your data. See what we keep in the{' '}
        <Link component={RouterLink} to={legalTextLink('privacy', true)} underline="always">
          privacy policy
        </Link>
        .
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
