import { createSlice, isFulfilled, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { AnswerOf } from '@contract/endpoint';
import type { numberEndpoints } from '@contract/endpoints/numbers';
import type { numbersApi } from './api/numbers';
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

const CONFIGURE: keyof typeof numbersApi.endpoints = 'configureNumber';

// numbersApi's configureNumber answered, matched by its name: importing the endpoints would put them in
// the entry's reach, a chunk of their own on every page.
const lineConfigured = (
  action: UnknownAction,
): action is PayloadAction<AnswerOf<typeof numberEndpoints.configure>> =>
  isFulfilled(action) && (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName === CONFIGURE;

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
    /** Post-checkout setup records the number it bought, or found without forwarding. */
    selectedNumberStored(state, { payload }: PayloadAction<string>) {
      state.selectedNumber = payload;
    },
  },
  // Signing out (or deleting the account) forgets the choices: the next person on this browser starts
  // afresh. An expired session keeps them for its user, who signs in again to finish setting up.
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, (state, { payload }) => (payload.signedOut ? initialState : state))
      // The forwarding the server confirms (setup, or a change in settings) is the one kept: the
      // dashboard calls with it when the number cannot be loaded.
      .addMatcher(lineConfigured, (state, { payload }) => {
        if (payload.phone_number?.forwarding_number)
          state.forwardingNumber = payload.phone_number.forwarding_number;
      });
  },
  selectors: {
    selectOnboardingStep: (state) => state.step,
    selectSelectedNumber: (state) => state.selectedNumber,
    selectForwardingNumber: (state) => state.forwardingNumber,
  },
});

export const { numberChosen, forwardingEntered, stepBack, selectedNumberStored } = onboardingSlice.actions;
export const { selectOnboardingStep, selectSelectedNumber, selectForwardingNumber } =
  onboardingSlice.selectors;
