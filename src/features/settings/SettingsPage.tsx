import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSignOut } from '@/hooks/useSignOut';
import { useBusinessLine } from '@/hooks/useBusinessLine';
import { formatE164 } from '@/lib/phone';
import { SectionHeading } from '@/components/SectionHeading';
import { LineSettingSwitch } from './LineSettingSwitch';
import { ANNOUNCE_CALLS, EMAIL_TEXTS } from './lineSettings';
import { AccountSection } from './AccountSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ForwardingNumberSection } from './ForwardingNumberSection';
import { ManageBillingButton } from './ManageBillingButton';
import { UsageEmailsSwitch } from './UsageEmailsSwitch';
import { paths } from '@/config/paths';

export default function SettingsPage() {
  const { businessNumber, forwardingNumber, announceCalls, emailTexts, isLoading } = useBusinessLine();
  const signOut = useSignOut(paths.login);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 5 } }}>
      <Button component={RouterLink} to={paths.dashboard} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        Back to dashboard
      </Button>
      <Typography variant="pageTitle" tabIndex={-1} sx={{ mb: 3 }}>
        Settings
      </Typography>
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading settings" />
        </Box>
      ) : (
        <Stack spacing={3}>
          <Paper variant="outlined" component="section" aria-labelledby="phone-heading" sx={{ p: 3 }}>
            <SectionHeading id="phone-heading">Phone numbers</SectionHeading>
            <TextField
              label="Business number"
              value={formatE164(businessNumber)}
              helperText="Cannot be changed"
              slotProps={{ input: { readOnly: true } }}
              sx={{ mb: 3 }}
            />
            <ForwardingNumberSection businessNumber={businessNumber} forwardingNumber={forwardingNumber} />
            <Stack spacing={2} sx={{ mt: 3 }}>
              <LineSettingSwitch
                setting={ANNOUNCE_CALLS}
                businessNumber={businessNumber}
                forwardingNumber={forwardingNumber}
                value={announceCalls}
              />
              <LineSettingSwitch
                setting={EMAIL_TEXTS}
                businessNumber={businessNumber}
                forwardingNumber={forwardingNumber}
                value={emailTexts}
              />
            </Stack>
          </Paper>
          <AccountSection />
          <Paper variant="outlined" component="section" aria-labelledby="account-heading" sx={{ p: 3 }}>
            <SectionHeading id="account-heading">Billing and account</SectionHeading>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
              <ManageBillingButton />
              <Button variant="outlined" color="inherit" onClick={signOut}>
                Sign Out
              </Button>
            </Stack>
            <UsageEmailsSwitch />
          </Paper>
          <DeleteAccountSection />
        </Stack>
      )}
    </Container>
  );
}
