import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useConfigureNumberMutation } from '@/store/api/numbers';

interface Props {
  businessNumber: string;
  forwardingNumber: string;
  announce: boolean;
}

/**
 * Beyond the product rules: tell business calls from personal ones. When on, the user hears "Business call"
 * on answering a call to their business number, before it is connected (the caller hears ringing).
 */
export function AnnounceCallsSwitch({ businessNumber, forwardingNumber, announce }: Props) {
  const helpId = useId();
  const [configure] = useConfigureNumberMutation();
  // The choice being saved shows until the server's value moves on from the one it was changed from.
  // It is cleared in the same update that shows a failure's toast, so the two never disagree on screen.
  const [pending, setPending] = useState<{ value: boolean; from: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const checked = pending && pending.from === announce ? pending.value : announce;

  const change = async (next: boolean) => {
    setPending({ value: next, from: announce });
    setSaving(true);
    const result = await configure({
      twilio_number: businessNumber,
      forwarding_number: forwardingNumber,
      announce_calls: next,
    });
    setSaving(false);
    if (result.error) {
      setPending(null);
      toast.error('Failed to update call announcements');
    } else {
      toast.success(next ? 'Business calls will be announced' : 'Business calls will not be announced');
    }
  };

  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => void change(event.target.checked)}
            disabled={saving || !forwardingNumber}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label="Announce business calls"
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {forwardingNumber
          ? 'Hear “Business call” when you answer a call to your business number, before you are connected.'
          : 'Set a forwarding number first.'}
      </FormHelperText>
    </div>
  );
}
