import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { useGetUsageEmailsQuery, useUpdateUsageEmailsMutation } from '@/store/api/billing';

/** Usage emails (80 % and 100 % of the month's minutes, a receipt for each extra-minutes charge): on by default. */
export function UsageEmailsSwitch() {
  const { data, isLoading } = useGetUsageEmailsQuery();
  const [update, { isLoading: isSaving }] = useUpdateUsageEmailsMutation();
  const enabled = data?.enabled ?? true;

  const toggle = async (next: boolean) => {
    try {
      await update({ enabled: next }).unwrap();
      toast.success(next ? 'Usage emails turned on' : 'Usage emails turned off');
    } catch {
      toast.error('Failed to update usage emails');
    }
  };

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={enabled}
            disabled={isLoading || isSaving}
            onChange={(event) => void toggle(event.target.checked)}
          />
        }
        label="Usage emails"
      />
      <Typography variant="body2" color="textSecondary">
        An email when you reach 80% and 100% of the minutes included each month, and a receipt for each charge
        for extra minutes.
      </Typography>
    </>
  );
}
