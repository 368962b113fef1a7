import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useAppDispatch } from '@/store/hooks';
import { stepBack } from '@/store/onboardingSlice';

/** The "Back" link under steps 2 and 3: one step back, choices kept. */
export function StepBackLink() {
  const dispatch = useAppDispatch();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <Link component="button" type="button" onClick={() => dispatch(stepBack())}>
        Back
      </Link>
    </Box>
  );
}
