import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { selectIsSignedIn } from '@/store/authSlice';
import { useAppSelector } from '@/store/hooks';
import { CardPage } from '@/components/CardPage';

/** /checkout/cancel: the hosted checkout was left; nothing was charged, and the way back in is offered. */
export default function CheckoutCancelPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <CardPage centered>
      <CancelOutlinedIcon color="action" sx={{ fontSize: 56, mb: 2 }} aria-hidden />
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom>
        Checkout cancelled
      </Typography>
      <Typography color="textSecondary">
        You left checkout before finishing, so your free trial has not started and nothing was charged. Your
        choices are saved: you can pick up where you left off whenever you are ready.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
        <Button variant="contained" size="large" component={RouterLink} to={signedIn ? '/trial' : '/signup'}>
          Resume Setting Up Trial
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to="/">
          Go to Home Page
        </Button>
      </Stack>
    </CardPage>
  );
}
