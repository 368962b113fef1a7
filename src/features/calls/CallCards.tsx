import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatDuration } from '@/lib/dates';
import { formatE164 } from '@/lib/phone';
import { CallDirection } from './CallDirection';
import { CallOutcome } from './CallOutcome';
import type { CallRecord } from '@contract/calls';
import { visuallyHidden } from './visuallyHidden';

// A phone number never breaks across lines.
const number = { whiteSpace: 'nowrap' };

/** The call history on a phone: one card per call instead of a table too wide for the screen. */
export function CallCards({ calls }: { calls: CallRecord[] }) {
  return (
    <List aria-label="Calls" disablePadding>
      {calls.map((call) => (
        <ListItem
          key={call.id}
          sx={{ display: 'block', border: 1, borderColor: 'divider', borderRadius: 2, mb: 1, px: 2, py: 1.5 }}
        >
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', typography: 'emphasis' }}>
            <CallDirection direction={call.direction} />
            <CallOutcome call={call} />
            <span>
              {/* The card's layout says it visually. */}
              <Box component="span" sx={visuallyHidden}>
                Duration{' '}
              </Box>
              {formatDuration(call.duration)}
            </span>
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            From{' '}
            <Box component="span" sx={number}>
              {formatE164(call.from_number)}
            </Box>{' '}
            to{' '}
            <Box component="span" sx={number}>
              {formatE164(call.to_number)}
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(call.created_at)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
