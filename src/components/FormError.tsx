import Alert from '@mui/material/Alert';

/** A form's validation message, announced as soon as it appears (role="alert"). */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
