import Alert from '@mui/material/Alert';

/**
 * Above guarded content while a trial has days left
 * (docs/product.md, "Subscription guard and trial banner").
 */
export function TrialBanner({ days }: { days: number }) {
  // White on info.main is 3.85:1 (axe color-contrast); info.dark keeps AA.
  return (
    <Alert
      severity="info"
      variant="filled"
      sx={{ borderRadius: 0, justifyContent: 'center', bgcolor: 'info.dark' }}
    >
      Your free trial ends in {days} {days === 1 ? 'day' : 'days'}
    </Alert>
  );
}
