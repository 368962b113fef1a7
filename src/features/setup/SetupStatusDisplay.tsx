import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import type SvgIcon from '@mui/material/SvgIcon';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SetupErrorKind, SetupStatus } from './setupSlice';
import { SETUP_ERROR_MESSAGES } from './setupMessages';

type DisplayedStatus = Extract<
  SetupStatus,
  'verifying' | 'settingUp' | 'complete' | 'alreadySetUp' | 'error'
>;

interface Look {
  Icon: typeof SvgIcon;
  color: 'primary' | 'success' | 'error';
  title: string;
  description: string;
  busy: boolean;
}

const LOOKS: Record<DisplayedStatus, Look> = {
  verifying: {
    Icon: VerifiedUserIcon,
    color: 'primary',
    title: 'Verifying your subscription',
    description: 'We are confirming your free trial with our payment provider.',
    busy: true,
  },
  settingUp: {
    Icon: PhoneInTalkIcon,
    color: 'primary',
    title: 'Setting up your business line',
    description: 'We are getting your number and call forwarding ready. This only takes a moment.',
    busy: true,
  },
  complete: {
    Icon: CheckCircleIcon,
    color: 'success',
    title: "You're all set!",
    description: 'Your business line is ready. Taking you to your dashboard…',
    busy: false,
  },
  alreadySetUp: {
    Icon: CheckCircleIcon,
    color: 'success',
    title: 'Your business line is already set up',
    description: 'Your number and call forwarding are ready. Taking you to your dashboard…',
    busy: false,
  },
  error: {
    Icon: ErrorIcon,
    color: 'error',
    title: 'We could not finish setting up',
    description: SETUP_ERROR_MESSAGES.general,
    busy: false,
  },
};

/** Icon, title and description of one setup state; errors describe what failed. */
export function SetupStatusDisplay({
  status,
  errorKind,
}: {
  status: DisplayedStatus;
  errorKind: SetupErrorKind | null;
}) {
  const { Icon, color, title, description, busy } = LOOKS[status];
  return (
    <Box role="status" sx={{ textAlign: 'center' }}>
      <Box sx={{ position: 'relative', display: 'inline-flex', mb: 2 }}>
        <Icon color={color} sx={{ fontSize: 56 }} aria-hidden />
        {busy && <CircularProgress size={72} aria-hidden sx={{ position: 'absolute', top: -8, left: -8 }} />}
      </Box>
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom>
        {title}
      </Typography>
      <Typography color="textSecondary">
        {status === 'error' && errorKind ? SETUP_ERROR_MESSAGES[errorKind] : description}
      </Typography>
    </Box>
  );
}
