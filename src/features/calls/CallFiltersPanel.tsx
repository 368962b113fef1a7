import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { HistoryFilters } from '@/store/api/calls';

interface Props {
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
  // Shown at the end of the row, e.g. the download button.
  action?: ReactNode;
}

const dateLabel = { inputLabel: { shrink: true } };

/** Direction and date range of the call history; a change goes back to page 1 (docs/product.md, "Calls"). */
export function CallFiltersPanel({ filters, onChange, action }: Props) {
  const set = (field: keyof HistoryFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [field]: event.target.value });

  return (
    <Stack
      role="group"
      aria-label="Filter calls"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2 }}
    >
      <TextField
        select
        label="Direction"
        size="small"
        value={filters.direction}
        onChange={set('direction')}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">All calls</MenuItem>
        <MenuItem value="inbound">Inbound</MenuItem>
        <MenuItem value="outbound">Outbound</MenuItem>
      </TextField>
      <TextField
        type="date"
        label="Start date"
        size="small"
        value={filters.start_date}
        onChange={set('start_date')}
        slotProps={{ ...dateLabel, htmlInput: { max: filters.end_date || undefined } }}
      />
      <TextField
        type="date"
        label="End date"
        size="small"
        value={filters.end_date}
        onChange={set('end_date')}
        slotProps={{ ...dateLabel, htmlInput: { min: filters.start_date || undefined } }}
      />
      {action}
    </Stack>
  );
}
