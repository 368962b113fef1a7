import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import toast from 'react-hot-toast';
import { browser } from '@/lib/browser';
import { type HistoryFilters, useDownloadCallsCsvMutation } from '@/store/api/calls';

/** The server's name for the file: calls.csv, or calls-<start>-to-<end>.csv for a date range. */
const csvFileName = ({ start_date, end_date }: HistoryFilters) => {
  const range = [start_date, end_date].filter(Boolean).join('-to-');
  return `calls${range ? `-${range}` : ''}.csv`;
};

/**
 * Saves every call matching the history's filters as a CSV file (beyond the product rules): on the
 * call history, and on the Subscription Required screen (the whole history, to take along).
 */
export function DownloadCallsButton({
  filters,
  label = 'Download CSV',
}: {
  filters: HistoryFilters;
  label?: string;
}) {
  const [download, { isLoading }] = useDownloadCallsCsvMutation();

  const save = async () => {
    try {
      const csv = await download(filters).unwrap();
      browser.saveFile(csvFileName(filters), csv, 'text/csv');
    } catch {
      toast.error('Failed to download call history');
    }
  };

  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={save}
      disabled={isLoading}
      sx={{
        alignSelf: { xs: 'stretch', sm: 'center' },
        ml: { sm: 'auto' },
        flexShrink: 0,
        whiteSpace: 'nowrap',
      }}
    >
      {isLoading ? 'Downloading...' : label}
    </Button>
  );
}
