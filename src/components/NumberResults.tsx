import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { NumberSearch } from '@contract/numbers';
import { toE164 } from '@/lib/phone';

interface Props {
  result: NumberSearch;
  selectedNumber: string;
  onChoose: (e164: string) => void;
  disabled: boolean;
}

/** The numbers a search found, by friendly name; the chosen one is highlighted with a "Selected" badge. */
export function NumberResults({ result, selectedNumber, onChoose, disabled }: Props) {
  if (result.available_numbers.length === 0) {
    return (
      <Typography role="status">
        No numbers are available for area code {result.area_code} right now. Please try a different area code.
      </Typography>
    );
  }
  return (
    <>
      {!result.exact_match && (
        <Alert severity="warning" sx={{ mb: 2, bgcolor: 'warning.light', color: 'text.primary' }}>
          No numbers were found in area code {result.area_code}, so these numbers are from a nearby area code.
        </Alert>
      )}
      <Typography role="status" color="textSecondary" sx={{ mb: 1 }}>
        {result.available_numbers.length} numbers available
      </Typography>
      <List aria-label="Available numbers" sx={{ display: 'grid', gap: 1 }}>
        {result.available_numbers.map((number) => {
          const e164 = toE164(number.phone_number);
          const selected = e164 === selectedNumber;
          return (
            <ListItem key={number.phone_number} disablePadding>
              <ListItemButton
                component="button"
                selected={selected}
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => onChoose(e164)}
                sx={{
                  width: '100%',
                  border: 1,
                  borderColor: selected ? 'primary.main' : 'divider',
                  borderRadius: 2,
                }}
              >
                <ListItemText
                  primary={number.friendly_name}
                  slotProps={{ primary: { variant: 'emphasis' } }}
                />
                {selected && <Chip label="Selected" color="primary" size="small" />}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
