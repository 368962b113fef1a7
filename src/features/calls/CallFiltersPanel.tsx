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
  // The date rule's problem, shown under the end date.
  datesProblem?: string;
}

interface DateProps {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  // The other end of the range, if set: a start after the end cannot be picked.
  min?: string;
  max?: string;
  // Why the range cannot be asked for (a date typed past the other end), under the field.
  problem?: string;
}

function DateFilter({ label, value, onChange, min, max, problem }: DateProps) {
  return (
    <TextField
      type="date"
      label={label}
      size="small"
      value={value}
      onChange={onChange}
      error={Boolean(problem)}
      helperText={problem || undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: min || undefined, max: max || undefined },
      }}
    />
  );
}

/** Direction and date range of the call history; a change goes back to page 1 (docs/product.md, "Calls"). */
export function CallFiltersPanel({ filters, onChange, action, datesProblem }: Props) {
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
      <DateFilter
        label="Start date"
        value={filters.start_date}
        onChange={set('start_date')}
        max={filters.end_date}
      />
      <DateFilter
        label="End date"
        value={filters.end_date}
        onChange={set('end_date')}
        min={filters.start_date}
        problem={datesProblem}
      />
      {action}
    </Stack>
  );
}
