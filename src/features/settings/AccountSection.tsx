import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionHeading } from '@/components/SectionHeading';
import { useGetAccountQuery } from '@/store/api/account';
import { ChangePasswordForm } from './ChangePasswordForm';

function Detail({ term, value }: { term: string; value: string | undefined }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {/* Not MUI's Skeleton: its style helpers would be a script of their own on every signed-in page. */}
        {value ?? '…'}
      </Typography>
    </div>
  );
}

/** Who is signed in (name and email), and the change of password. */
export function AccountSection() {
  const { data, isError, refetch } = useGetAccountQuery();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="profile-heading" sx={{ p: 3 }}>
      <SectionHeading id="profile-heading">Account</SectionHeading>
      {isError ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography role="alert">Could not load your name and email.</Typography>
          <Button onClick={() => void refetch()}>Retry</Button>
        </Stack>
      ) : (
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <Detail term="Name" value={data?.name} />
          <Detail term="Email" value={data?.email} />
        </Stack>
      )}
      <Divider sx={{ my: 3 }} />
      <ChangePasswordForm />
    </Paper>
  );
}
