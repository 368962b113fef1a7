import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { areaCodeOf } from '@/lib/phone';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { numberChosen, selectSelectedNumber } from '@/store/onboardingSlice';
import { NumberSearch } from '@/components/NumberSearch';

/** Step 1 ("search"): pick a business number by area code. */
export function NumberSearchStep() {
  const dispatch = useAppDispatch();
  const selectedNumber = useAppSelector(selectSelectedNumber);
  const [params] = useSearchParams();
  // Coming back to this step searches the chosen number's area again, so it shows as "Selected".
  const initialAreaCode = params.get('areaCode') || areaCodeOf(selectedNumber);

  return (
    <Box>
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom sx={{ outline: 'none' }}>
        Choose your business number
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Enter the area code you would like your number in, then pick one of the available numbers.
      </Typography>
      <NumberSearch
        initialAreaCode={initialAreaCode}
        selectedNumber={selectedNumber}
        onChoose={(e164) => dispatch(numberChosen(e164))}
      />
    </Box>
  );
}
