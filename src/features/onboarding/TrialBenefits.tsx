import CallIcon from '@mui/icons-material/Call';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import Box from '@mui/material/Box';
import type SvgIcon from '@mui/material/SvgIcon';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

const BENEFITS: { Icon: typeof SvgIcon; title: string; text: string }[] = [
  {
    Icon: SmartphoneIcon,
    title: 'A real business number',
    text: 'A local US number for your business, kept separate from your personal phone.',
  },
  {
    Icon: PhoneForwardedIcon,
    title: 'Calls forwarded 24/7',
    text: 'Every call to your business number rings the phone you already carry, day and night.',
  },
  {
    Icon: CallIcon,
    title: 'Call from your business line',
    text: 'Place calls that show your business number as the caller ID, right from your dashboard.',
  },
];

/** The three benefit cards of the trial explainer. */
export function TrialBenefits() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {BENEFITS.map(({ Icon, title, text }) => (
        <Paper key={title} variant="outlined" sx={{ p: 3 }}>
          <Icon color="primary" fontSize="large" aria-hidden />
          <Typography variant="h3" component="h2" sx={{ mt: 1, mb: 1 }}>
            {title}
          </Typography>
          <Typography color="textSecondary">{text}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
