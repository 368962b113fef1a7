import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
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
  // The cached line shows the choice at once and goes back if the server refuses it (configureNumber).
  const [configure, { isLoading: saving }] = useConfigureNumberMutation();

  const change = async (next: boolean) => {
    const result = await configure({
      twilio_number: businessNumber,
      forwarding_number: forwardingNumber,
      [setting.field]: next,
    });
    if (result.error) toast.error(setting.failed);
    else toast.success(next ? setting.turnedOn : setting.turnedOff);
  };

  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={value}
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
