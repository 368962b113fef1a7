import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { billingApi } from '@/store/api/billing';
import { selectedNumberStored } from '@/store/onboardingSlice';
import { numbersApi } from '@/store/api/numbers';
import { trackConversion } from '@/lib/analytics';
import { formatE164, forwardingToE164 } from '@/lib/phone';
import { serverMessage } from '@/lib/apiError';
import { numberRefusals } from '@contract/refusals/numbers';
import type { RootState } from '@/store/store';
import {
  forwardingConfigurationFailed,
  forwardingConfigurationStarted,
  forwardingRequired,
  numberAlreadyConfigured,
  numberPurchaseFailed,
  numberPurchaseStarted,
  numberSelectionRequired,
  selectSetupStatus,
  setupCompleted,
  setupFailed,
  setupStarted,
  subscriptionNotFound,
  subscriptionVerified,
} from './setupSlice';

// The side of the setup state machine that talks to the API; each outcome is dispatched as an event.

type SetupThunk<R = void> = ThunkAction<Promise<R>, RootState, unknown, UnknownAction>;

const CONVERSION_EVENT = 'trial_started';

/** Buys the number and remembers it; on failure the user is sent back to choose another one. */
const purchase =
  (number: string): SetupThunk<boolean> =>
  async (dispatch) => {
    try {
      await dispatch(numbersApi.endpoints.purchaseNumber.initiate({ twilio_number: number })).unwrap();
      dispatch(selectedNumberStored(number));
      return true;
    } catch (failure) {
      toast.error(`Trouble Purchasing ${formatE164(number)}. Please try selecting a different one.`);
      // Taken by someone else meanwhile: the server says so, above the list to choose another from.
      const taken =
        (failure as { data?: { error?: unknown } }).data?.error === numberRefusals.unavailable.code;
      dispatch(
        numberPurchaseFailed({
          number,
          refusal: taken ? serverMessage(failure, numberRefusals.unavailable.status) : undefined,
        }),
      );
      return false;
    }
  };

/** Points the number at the user's phone, which completes the setup. */
const configure =
  (number: string, forwarding: string): SetupThunk =>
  async (dispatch) => {
    dispatch(forwardingConfigurationStarted(forwarding));
    // Once configured, the onboarding slice stores the forwarding number the server answers with.
    try {
      await dispatch(
        numbersApi.endpoints.configureNumber.initiate({
          twilio_number: number,
          forwarding_number: forwardingToE164(forwarding),
        }),
      ).unwrap();
    } catch {
      toast.error('Unable to configure your number. Please try again.');
      dispatch(forwardingConfigurationFailed());
      return;
    }
    toast.success('Setup completed successfully!');
    dispatch(setupCompleted());
  };

/** Forwarding is configured from the stored number when there is one, else the user is asked for it. */
const forwardOrAsk =
  (number: string): SetupThunk =>
  async (dispatch, getState) => {
    const stored = getState().onboarding.forwardingNumber;
    if (stored) await dispatch(configure(number, stored));
    else dispatch(forwardingRequired());
  };

const verifySubscription = (): SetupThunk<boolean> => async (dispatch) => {
  try {
    const status = await dispatch(
      billingApi.endpoints.getSubscriptionStatus.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    ).unwrap();
    return status.has_subscription;
  } catch {
    return false;
  }
};

/** Steps 2–6: continue from whatever the account and this browser already hold. */
const continueSetup = (): SetupThunk => async (dispatch, getState) => {
  const { phone_number: active } = await dispatch(
    numbersApi.endpoints.getPhoneNumber.initiate(undefined, { subscribe: false, forceRefetch: true }),
  ).unwrap();
  if (active?.phone_number && active.forwarding_number) return void dispatch(numberAlreadyConfigured());
  if (active?.phone_number) {
    dispatch(selectedNumberStored(active.phone_number));
    return dispatch(forwardOrAsk(active.phone_number));
  }
  const selected = getState().onboarding.selectedNumber;
  if (!selected) return void dispatch(numberSelectionRequired());
  if (await dispatch(purchase(selected))) await dispatch(forwardOrAsk(selected));
};

const RUNNING = new Set(['verifying', 'settingUp']);

/** Step 1 and on: runs once per visit of the checkout-return page (a second call while running is ignored). */
export const checkoutSetupRequested = (): SetupThunk => async (dispatch, getState) => {
  const status = selectSetupStatus(getState());
  if (RUNNING.has(status)) return;
  dispatch(setupStarted());
  if (!(await dispatch(verifySubscription()))) return void dispatch(subscriptionNotFound());
  // Once per return from checkout (each is a full page load), not again on a retry.
  if (status === 'idle') trackConversion(CONVERSION_EVENT);
  dispatch(subscriptionVerified());
  try {
    await dispatch(continueSetup());
  } catch {
    dispatch(setupFailed());
  }
};

/** Step 7: the number chosen on the setup screen is bought, then forwarding is asked for. */
export const setupNumberChosen =
  (number: string): SetupThunk =>
  async (dispatch) => {
    dispatch(numberPurchaseStarted());
    if (await dispatch(purchase(number))) dispatch(forwardingRequired());
  };

/** Step 7: the forwarding number entered on the setup screen is configured. */
export const setupForwardingEntered =
  (forwarding: string): SetupThunk =>
  async (dispatch, getState) => {
    await dispatch(configure(getState().onboarding.selectedNumber, forwarding));
  };
