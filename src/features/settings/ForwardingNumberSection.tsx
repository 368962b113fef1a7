import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatE164 } from '@/lib/phone';
import { ForwardingNumberForm } from './ForwardingNumberForm';

interface Props {
  businessNumber: string;
  forwardingNumber: string;
}

/** The forwarding number in settings: view → Change → Save or Cancel (docs/product.md, "Settings"). */
export function ForwardingNumberSection({ businessNumber, forwardingNumber }: Props) {
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <ForwardingNumberForm
        businessNumber={businessNumber}
        current={forwardingNumber}
        onDone={() => setEditing(false)}
      />
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
      <div>
        <Typography variant="body2" color="textSecondary" id="forwarding-label">
          Forwarding number
        </Typography>
        <Typography variant="emphasis">{formatE164(forwardingNumber) || 'Not set'}</Typography>
      </div>
      <Button variant="outlined" onClick={() => setEditing(true)} aria-describedby="forwarding-label">
        Change
      </Button>
    </Stack>
  );
}
