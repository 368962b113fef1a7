import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/dates';
import { formatE164 } from '@/lib/phone';
import { SectionHeading } from '@/components/SectionHeading';
import { useGetTextsQuery } from '@/store/api/texts';

// Checked again every minute while the dashboard is open, so a new text shows without a reload.
const POLL_MS = 60_000;

/** Texts sent to the business number (beyond the product rules), newest first. Replies are not possible. */
export function TextsPanel() {
  const { data, isError } = useGetTextsQuery(undefined, { pollingInterval: POLL_MS });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="texts-heading" sx={{ p: 3, mt: 3 }}>
      <SectionHeading id="texts-heading">Texts</SectionHeading>
      {isError && <Typography color="textSecondary">Texts are not available right now.</Typography>}
      {data?.texts.length === 0 && (
        <Typography color="textSecondary">
          No texts yet. Texts sent to your business number show here; you cannot reply from it.
        </Typography>
      )}
      {data && data.texts.length > 0 && (
        // A plain list: MUI's List would add chunks of its own to the dashboard's first load.
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.texts.map((text) => (
            <Box component="li" key={text.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{text.body}</Typography>
              <Typography variant="body2" color="textSecondary">
                From {formatE164(text.from_number)} · {formatDateTime(text.received_at)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
