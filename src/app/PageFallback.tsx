import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a lazily loaded page arrives; a full viewport tall, so the footer stays out of view. */
export function PageFallback() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10, minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
