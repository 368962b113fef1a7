import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
        <List disablePadding>
          {data.texts.map((text) => (
            <ListItem key={text.id} divider disableGutters>
              <ListItemText
                primary={text.body}
                secondary={`From ${formatE164(text.from_number)} · ${formatDateTime(text.received_at)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-line' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
