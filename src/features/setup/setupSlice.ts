import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/store/store';

// The post-checkout setup (docs/onboarding.md) as a state machine: every transition is an event below,
// so a run can be followed step by step in Redux DevTools. Not persisted: each visit starts over. Only this
// feature uses it, so it is injected into the store here rather than listed there.

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
  /** The server's sentence when the number was taken meanwhile (409 number_unavailable). */
  purchaseRefusal: string | null;
  /**
   * The forwarding number being configured, as typed: a failed configuration's Try Again shows it again.
   * Not the stored forwardingNumber, which is kept only once configured.
   */
  forwardingDraft: string;
}

const initialState: SetupState = {
  status: 'idle',
  errorKind: null,
  failedNumber: null,
  purchaseRefusal: null,
  forwardingDraft: '',
};

/**
 * A transition to `status`. The forwarding draft goes with it, unless `keepDraft`: from the draft's
 * configuration through its error to its retry.
 */
const moveTo =
  (status: SetupStatus, errorKind: SetupErrorKind | null = null, { keepDraft = false } = {}) =>
  (state: SetupState): SetupState => ({
    status,
    errorKind,
    failedNumber: null,
    purchaseRefusal: null,
    forwardingDraft: keepDraft ? state.forwardingDraft : '',
  });

const setupSlice = createSlice({
  name: 'setup',
  initialState,
  reducers: {
    setupStarted: moveTo('verifying'),
    subscriptionVerified: moveTo('settingUp'),
    subscriptionNotFound: moveTo('error', 'subscription'),
    numberAlreadyConfigured: moveTo('alreadySetUp'),
    numberSelectionRequired: moveTo('selectingNumber'),
    numberPurchaseStarted: moveTo('settingUp'),
    numberPurchaseFailed: (state, { payload }: PayloadAction<{ number: string; refusal?: string }>) => ({
      ...moveTo('selectingNumber', 'number')(state),
      failedNumber: payload.number,
      purchaseRefusal: payload.refusal ?? null,
    }),
    forwardingRequired: moveTo('enteringForwarding', null, { keepDraft: true }),
    forwardingConfigurationStarted: (state, { payload }: PayloadAction<string>) => ({
      ...moveTo('settingUp')(state),
      forwardingDraft: payload,
    }),
    forwardingConfigurationFailed: moveTo('error', 'forwarding', { keepDraft: true }),
    setupCompleted: moveTo('complete'),
    setupFailed: moveTo('error', 'general'),
  },
  selectors: {
    selectSetupStatus: (state) => state.status,
    selectSetupErrorKind: (state) => state.errorKind,
    selectFailedNumber: (state) => state.failedNumber,
    selectPurchaseRefusal: (state) => state.purchaseRefusal,
    selectForwardingDraft: (state) => state.forwardingDraft,
  },
});

declare module '@/store/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof setupSlice> {}
}

// Its selectors read the initial state until the slice's first action.
const injectedSetupSlice = setupSlice.injectInto(rootReducer);

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
} = injectedSetupSlice.actions;
export const {
  selectSetupStatus,
  selectSetupErrorKind,
  selectFailedNumber,
  selectPurchaseRefusal,
  selectForwardingDraft,
} = injectedSetupSlice.selectors;
