import Button from '@mui/material/Button';
import { PORTAL_FAILED, useHostedBillingPage } from '@/hooks/useHostedBillingPage';

/** A banner's way into the hosted billing portal (update the card, resume, see the plan). */
export function PortalButton({ label, outlined = false }: { label: string; outlined?: boolean }) {
  const { open, isOpening } = useHostedBillingPage();
  return (
    <Button
      color="inherit"
      variant={outlined ? 'outlined' : 'text'}
      size="small"
      onClick={() => void open('portal', PORTAL_FAILED)}
      disabled={isOpening}
    >
      {label}
    </Button>
  );
}
