import type { Reducer } from '@reduxjs/toolkit';
import { persistReducer, type Persistor, type PersistConfig, type Storage } from 'redux-persist';

// Each persisted slice field is written to its own localStorage key, named in docs/product.md
// ("Accounts and sessions"), instead of redux-persist's single "persist:<slice>" JSON blob.
export const storageKeys = {
  auth: { accessToken: 'access_token', refreshToken: 'refresh_token' },
  onboarding: {
    step: 'onboardingStep',
    selectedNumber: 'selectedNumber',
    forwardingNumber: 'forwardingNumber',
  },
  analytics: { deviceId: 'device_id' },
} as const;

type PersistedSlice = keyof typeof storageKeys;

const PREFIX = 'persist:';
const fieldsOf = (key: string) => storageKeys[key.slice(PREFIX.length) as PersistedSlice] ?? {};

// Each key's value as this tab last read or wrote it. redux-persist writes a change a few tasks after
// it, with the slice's other fields: a field still equal to what this tab saw was not changed here, and
// writing it could put back a value another tab has replaced since (two tabs refreshing at once would
// then both end up holding a spent token, or the expired one they started from).
const seen = new Map<string, string | null>();

/** Reads a key of the product's storage as this tab's latest knowledge of it. */
export const readStored = (storageKey: string) => {
  const value = localStorage.getItem(storageKey);
  seen.set(storageKey, value);
  return value;
};

const writeStored = (storageKey: string, value: string | null) => {
  if (seen.has(storageKey) && seen.get(storageKey) === value) return;
  seen.set(storageKey, value);
  if (value === null) localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, value);
};

/** redux-persist storage engine mapping slice fields to the product's localStorage keys (raw strings). */
const keyedStorage: Storage = {
  getItem: async (key: string) => {
    const state: Record<string, string> = {};
    for (const [field, storageKey] of Object.entries(fieldsOf(key))) {
      const value = readStored(storageKey);
      if (value !== null) state[field] = JSON.stringify(value);
    }
    return JSON.stringify(state);
  },
  setItem: async (key: string, serialized: string) => {
    const state = JSON.parse(serialized) as Record<string, string>;
    for (const [field, storageKey] of Object.entries(fieldsOf(key))) {
      const value = field in state ? (JSON.parse(state[field]) as string | number | boolean | null) : null;
      writeStored(storageKey, value === null || value === undefined ? null : String(value));
    }
  },
  removeItem: async (key: string) => {
    for (const storageKey of Object.values(fieldsOf(key))) writeStored(storageKey, null);
  },
};

/** Wraps a slice reducer so that its mapped fields persist to their own keys. */
export const persisted = <S>(slice: PersistedSlice, reducer: Reducer<S>) => {
  const persistConfig: PersistConfig<S> = {
    key: slice,
    storage: keyedStorage,
    whitelist: Object.keys(storageKeys[slice]),
  };
  return persistReducer(persistConfig, reducer);
};

// The running app's persistor, so that a session expiry can flush storage before a full-page redirect.
let activePersistor: Persistor | null = null;
export const registerPersistor = (persistor: Persistor | null) => {
  activePersistor = persistor;
};
export const flushPersistedState = async () => {
  await activePersistor?.flush();
};

export const whenRehydrated = (persistor: Persistor) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
