import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { NumberSearch } from '@/components/NumberSearch';
import { areaCodeOf } from '@/lib/phone';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectFailedNumber, selectPurchaseRefusal, selectSetupErrorKind } from './setupSlice';
import { SETUP_ERROR_MESSAGES } from './setupMessages';
import { setupNumberChosen } from './setupThunks';

/** Setup without a number yet (or after a failed purchase): choose one, which buys it. */
export function SetupNumberSelection() {
  const dispatch = useAppDispatch();
  const errorKind = useAppSelector(selectSetupErrorKind);
  const failedNumber = useAppSelector(selectFailedNumber);
  const refusal = useAppSelector(selectPurchaseRefusal);

  return (
    <Box>
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom>
        Choose your business number
      </Typography>
      {errorKind === 'number' ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {refusal ?? SETUP_ERROR_MESSAGES.number}
        </Alert>
      ) : (
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Your trial is active. Pick the number your customers will call.
        </Typography>
      )}
      <NumberSearch
        // After a failed purchase, the same area is searched again for a different number.
        initialAreaCode={areaCodeOf(failedNumber ?? '')}
        selectedNumber=""
        onChoose={(e164) => void dispatch(setupNumberChosen(e164))}
      />
    </Box>
  );
}
