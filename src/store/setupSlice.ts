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
  /**
   * The forwarding number being configured, as typed: a failed configuration's Try Again shows it again.
   * Not the stored forwardingNumber, which is kept only once configured.
   */
  forwardingDraft: string;
}

const initialState: SetupState = { status: 'idle', errorKind: null, failedNumber: null, forwardingDraft: '' };

const moveTo =
  (status: SetupStatus, errorKind: SetupErrorKind | null = null) =>
  (): SetupState => ({ status, errorKind, failedNumber: null, forwardingDraft: '' });

/** As moveTo, but the forwarding draft stays, from its configuration through its error to its retry. */
const keepingDraft =
  (status: SetupStatus, errorKind: SetupErrorKind | null = null) =>
  ({ forwardingDraft }: SetupState): SetupState => ({
    status,
    errorKind,
    failedNumber: null,
    forwardingDraft,
  });

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
        forwardingDraft: '',
      }) satisfies SetupState,
    forwardingRequired: keepingDraft('enteringForwarding'),
    forwardingConfigurationStarted: (_state, { payload }: PayloadAction<string>) =>
      ({
        status: 'settingUp',
        errorKind: null,
        failedNumber: null,
        forwardingDraft: payload,
      }) satisfies SetupState,
    forwardingConfigurationFailed: keepingDraft('error', 'forwarding'),
    setupCompleted: moveTo('complete'),
    setupFailed: moveTo('error', 'general'),
  },
  selectors: {
    selectSetupStatus: (state) => state.status,
    selectSetupErrorKind: (state) => state.errorKind,
    selectFailedNumber: (state) => state.failedNumber,
    selectForwardingDraft: (state) => state.forwardingDraft,
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
export const { selectSetupStatus, selectSetupErrorKind, selectFailedNumber, selectForwardingDraft } =
  setupSlice.selectors;
