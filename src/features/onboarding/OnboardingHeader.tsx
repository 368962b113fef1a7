import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '@/config';
import { useAppDispatch } from '@/store/hooks';
import { stepBack, type OnboardingStep } from '@/store/onboardingSlice';

/** The back arrow (one step back; home from the first step) and the brand. */
export function OnboardingHeader({ step }: { step: OnboardingStep }) {
  const dispatch = useAppDispatch();
  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
      {step === 'search' ? (
        <IconButton component={RouterLink} to="/" aria-label="Back to home">
          <ArrowBackIcon />
        </IconButton>
      ) : (
        <IconButton onClick={() => dispatch(stepBack())} aria-label="Previous step">
          <ArrowBackIcon />
        </IconButton>
      )}
      <Typography variant="brand">{config.productName}</Typography>
    </Box>
  );
}
