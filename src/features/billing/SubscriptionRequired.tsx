import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { config } from '@/config';
import { useSignOut } from '@/store/useSignOut';
import type { SubscriptionStatus } from '@contract/billing';
import { CardPage } from '@/components/CardPage';
import { useSubscribeNow } from './useSubscribeNow';

interface Props {
  subscription: SubscriptionStatus['subscription'];
}

/**
 * Replaces guarded content when there is no live subscription
 * (docs/product.md, "Subscription guard and trial banner").
 */
export function SubscriptionRequired({ subscription }: Props) {
  const { subscribe, isStarting } = useSubscribeNow(subscription);
  const signOut = useSignOut('/login');

  return (
    <CardPage centered>
      <Typography variant="pageTitle" tabIndex={-1} sx={{ mb: 2 }}>
        Subscription Required
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 4 }}>
        {subscription
          ? 'Your subscription has expired or is inactive. Subscribe to keep your business number and get back to your dashboard and settings.'
          : 'Your subscription is inactive: you have not finished setting it up. Subscribe to start your free trial and get your business number.'}
      </Typography>
      <Stack spacing={2}>
        <Button variant="contained" size="large" onClick={subscribe} disabled={isStarting}>
          Subscribe Now
        </Button>
        <Button variant="outlined" href={`mailto:${config.supportEmail}`}>
          Contact Support
        </Button>
        <Button color="inherit" onClick={signOut}>
          Sign Out
        </Button>
      </Stack>
    </CardPage>
  );
}
