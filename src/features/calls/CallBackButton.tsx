import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import Button from '@mui/material/Button';
import { formatE164 } from '@/lib/phone';
import { canCallBack } from './otherParty';

/** Puts the call's other party in the dialler, ready to ring; nothing for a number it cannot ring. */
export function CallBackButton({
  number,
  onCallBack,
}: {
  number: string;
  onCallBack?: (number: string) => void;
}) {
  if (!onCallBack || !canCallBack(number)) return null;
  return (
    <Button
      size="small"
      startIcon={<PhoneCallbackIcon aria-hidden />}
      onClick={() => onCallBack(number)}
      aria-label={`Call back ${formatE164(number)}`}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Call back
    </Button>
  );
}
