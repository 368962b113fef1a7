import Alert from '@mui/material/Alert';

/** Above guarded content while a trial runs (spec §2 Trial banner). */
export function TrialBanner({ days }: { days: number }) {
  return (
    <Alert severity="info" variant="filled" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      Your free trial ends in {days} {days === 1 ? 'day' : 'days'}
    </Alert>
  );
}
