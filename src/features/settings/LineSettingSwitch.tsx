import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useConfigureNumberMutation } from '@/store/api/numbers';

/** A switch of the business line saved through number-configuration, with what it says. */
export interface LineSetting {
  field: 'announce_calls' | 'email_texts';
  label: string;
  help: string;
  turnedOn: string;
  turnedOff: string;
  failed: string;
}

interface Props {
  setting: LineSetting;
  businessNumber: string;
  forwardingNumber: string;
  value: boolean;
}

/** Beyond the product rules: one of the line's settings (the announcement of business calls, texts by mail). */
export function LineSettingSwitch({ setting, businessNumber, forwardingNumber, value }: Props) {
  const helpId = useId();
  const [configure] = useConfigureNumberMutation();
  // The choice being saved shows until the server's value moves on from the one it was changed from.
  // It is cleared in the same update that shows a failure's toast, so the two never disagree on screen.
  const [pending, setPending] = useState<{ value: boolean; from: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const checked = pending && pending.from === value ? pending.value : value;

  const change = async (next: boolean) => {
    setPending({ value: next, from: value });
    setSaving(true);
    const result = await configure({
      twilio_number: businessNumber,
      forwarding_number: forwardingNumber,
      [setting.field]: next,
    });
    setSaving(false);
    if (result.error) {
      setPending(null);
      toast.error(setting.failed);
    } else {
      toast.success(next ? setting.turnedOn : setting.turnedOff);
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
        label={setting.label}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {forwardingNumber ? setting.help : 'Set a forwarding number first.'}
      </FormHelperText>
    </div>
  );
}
