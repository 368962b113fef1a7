import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from './session';

export type OnboardingStep = 'search' | 'forward' | 'signup';
export const ONBOARDING_STEPS: OnboardingStep[] = ['search', 'forward', 'signup'];

interface OnboardingState {
  step: OnboardingStep;
  /** The chosen business number in E.164 (+1…), '' until one is chosen. */
  selectedNumber: string;
  /** The user's own phone in E.164, '' until entered. */
  forwardingNumber: string;
}

const initialState: OnboardingState = { step: 'search', selectedNumber: '', forwardingNumber: '' };

export const onboardingSlice = createSlice({
  name: 'onboarding',
  initialState,
  reducers: {
    numberChosen(state, { payload }: PayloadAction<string>) {
      state.selectedNumber = payload;
      state.step = 'forward';
    },
    forwardingEntered(state, { payload }: PayloadAction<string>) {
      state.forwardingNumber = payload;
      state.step = 'signup';
    },
    stepBack(state) {
      state.step = ONBOARDING_STEPS[Math.max(0, ONBOARDING_STEPS.indexOf(state.step) - 1)];
    },
    /** Post-checkout setup records what it bought and configured. */
    selectedNumberStored(state, { payload }: PayloadAction<string>) {
      state.selectedNumber = payload;
    },
    forwardingNumberStored(state, { payload }: PayloadAction<string>) {
      state.forwardingNumber = payload;
    },
  },
  // Signing out (or deleting the account) forgets the choices: the next person on this browser starts
  // afresh. An expired session keeps them for its user, who signs in again to finish setting up.
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, (state, { payload }) => (payload.signedOut ? initialState : state));
  },
  selectors: {
    selectOnboardingStep: (state) => state.step,
    selectSelectedNumber: (state) => state.selectedNumber,
    selectForwardingNumber: (state) => state.forwardingNumber,
  },
});

export const { numberChosen, forwardingEntered, stepBack, selectedNumberStored, forwardingNumberStored } =
  onboardingSlice.actions;
export const { selectOnboardingStep, selectSelectedNumber, selectForwardingNumber } =
  onboardingSlice.selectors;
