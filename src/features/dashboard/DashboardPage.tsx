import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatE164 } from '@/lib/phone';
import { CallHistory } from './CallHistory';
import { DashboardNav } from './DashboardNav';
import { MakeCallPanel } from './MakeCallPanel';
import { UsageSummary } from './UsageSummary';
import { useBusinessLine } from './useBusinessLine';

export default function DashboardPage() {
  const line = useBusinessLine();
  return (
    <>
      <DashboardNav />
      <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          Dashboard
        </Typography>
        {line.businessNumber && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Your business number: {formatE164(line.businessNumber)}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 3, alignItems: 'stretch' }}>
          <MakeCallPanel {...line} />
          <UsageSummary />
        </Stack>
        <CallHistory />
      </Container>
    </>
  );
}
