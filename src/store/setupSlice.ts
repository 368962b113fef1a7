import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// The post-checkout setup (docs/onboarding.md) as a state machine: every transition is an event below,
// so a run can be followed step by step in Redux DevTools. Not persisted: each visit starts over.

export type SetupStatus =
  | 'idle'
  | 'verifying'
  | 'settingUp'
  | 'selectingNumber'
  | 'enteringForwarding'
  | 'complete'
  | 'alreadySetUp'
  | 'error';

export type SetupErrorKind = 'subscription' | 'forwarding' | 'number' | 'general';

interface SetupState {
  status: SetupStatus;
  /** Why the last step failed: shown on the error screen, or above the number list after a failed purchase. */
  errorKind: SetupErrorKind | null;
  /** The number whose purchase just failed: the search starts again in its area code. */
  failedNumber: string | null;
}

const initialState: SetupState = { status: 'idle', errorKind: null, failedNumber: null };

const moveTo =
  (status: SetupStatus, errorKind: SetupErrorKind | null = null) =>
  (): SetupState => ({ status, errorKind, failedNumber: null });

export const setupSlice = createSlice({
  name: 'setup',
  initialState,
  reducers: {
    setupStarted: moveTo('verifying'),
    subscriptionVerified: moveTo('settingUp'),
    subscriptionNotFound: moveTo('error', 'subscription'),
    numberAlreadyConfigured: moveTo('alreadySetUp'),
    numberSelectionRequired: moveTo('selectingNumber'),
    numberPurchaseStarted: moveTo('settingUp'),
    numberPurchaseFailed: (_state, { payload }: PayloadAction<string>) =>
      ({
        status: 'selectingNumber',
        errorKind: 'number',
        failedNumber: payload,
      }) satisfies SetupState,
    forwardingRequired: moveTo('enteringForwarding'),
    forwardingConfigurationStarted: moveTo('settingUp'),
    forwardingConfigurationFailed: moveTo('error', 'forwarding'),
    setupCompleted: moveTo('complete'),
    setupFailed: moveTo('error', 'general'),
  },
  selectors: {
    selectSetupStatus: (state) => state.status,
    selectSetupErrorKind: (state) => state.errorKind,
    selectFailedNumber: (state) => state.failedNumber,
  },
});

export const {
  setupStarted,
  subscriptionVerified,
  subscriptionNotFound,
  numberAlreadyConfigured,
  numberSelectionRequired,
  numberPurchaseStarted,
  numberPurchaseFailed,
  forwardingRequired,
  forwardingConfigurationStarted,
  forwardingConfigurationFailed,
  setupCompleted,
  setupFailed,
} = setupSlice.actions;
export const { selectSetupStatus, selectSetupErrorKind, selectFailedNumber } = setupSlice.selectors;
