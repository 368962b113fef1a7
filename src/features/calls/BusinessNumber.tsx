import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { formatE164 } from '@/lib/phone';

/** The number the business gives out, large enough to read off the screen, with a way to copy it. */
export function BusinessNumber({ number }: { number: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(formatE164(number));
      toast.success('Business number copied');
    } catch {
      toast.error('Could not copy the number; select it and copy it instead');
    }
  };
  return (
    <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      <Typography component="p" sx={{ typography: { xs: 'h6', sm: 'h5' }, fontWeight: 700 }}>
        Your business number:{' '}
        {/* The number never breaks across lines: on a phone it moves whole to the next line. */}
        <span style={{ whiteSpace: 'nowrap' }}>{formatE164(number)}</span>
      </Typography>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon aria-hidden />} onClick={copy}>
        Copy
      </Button>
    </Stack>
  );
}
