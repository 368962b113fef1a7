import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { config } from '@/config';
import { useSignOut } from '@/hooks/useSignOut';
import type { SubscriptionStatus } from '@contract/billing';
import { CardPage } from '@/components/CardPage';
import { DownloadCallsButton } from '@/components/DownloadCallsButton';
import { formatDate } from '@/lib/dates';
import { formatE164 } from '@/lib/phone';
import { useGetPhoneNumberQuery } from '@/store/api/numbers';
import { useSubscribeNow } from './useSubscribeNow';
import { paths } from '@/config/paths';

interface Props {
  subscription: SubscriptionStatus['subscription'];
}

/**
 * Replaces guarded content when there is no live subscription
 * (docs/product.md, "Subscription guard and trial banner").
 */
export function SubscriptionRequired({ subscription }: Props) {
  const { subscribe, isStarting } = useSubscribeNow(subscription);
  const signOut = useSignOut(paths.login);
  // A plan that ended keeps its number for a while: which one, until when, and the calls to take along.
  const { data: line } = useGetPhoneNumberQuery(undefined, { skip: !subscription });
  const held = line?.phone_number?.held_until ? line.phone_number : null;

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
      {held && (
        <Typography sx={{ mb: 3 }}>
          Your business number {formatE164(held.phone_number)} is held for you until{' '}
          {formatDate(held.held_until!)}. Subscribe again before then to keep it.
        </Typography>
      )}
      <Stack spacing={2}>
        <Button variant="contained" size="large" onClick={subscribe} disabled={isStarting}>
          Subscribe Now
        </Button>
        {held && (
          <DownloadCallsButton
            filters={{ direction: 'all', start_date: '', end_date: '' }}
            label="Download call history"
          />
        )}
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
