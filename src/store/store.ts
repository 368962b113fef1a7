import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { config } from '@/config';
import { authSlice } from './authSlice';
import { onboardingSlice } from './onboardingSlice';
import { analyticsSlice } from './analyticsSlice';
import { api } from './api/base';
import { persisted, registerPersistor } from './persist';
import { syncTokensAcrossTabs } from './tabSync';

/**
 * The slices more than one feature reads, and the persisted ones (redux-persist rehydrates only reducers
 * present when the store starts). A slice that one feature alone uses lives in that feature, which injects
 * it (`slice.injectInto(rootReducer)`) and adds it to LazyLoadedSlices.
 */
export const rootReducer = combineSlices(api, {
  auth: persisted('auth', authSlice.reducer),
  onboarding: persisted('onboarding', onboardingSlice.reducer),
  analytics: persisted('analytics', analyticsSlice.reducer),
}).withLazyLoadedSlices<LazyLoadedSlices>();

// Filled by each feature that injects a slice (declare module '@/store/store'), so that the store's
// types never import a feature.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export type RootState = ReturnType<typeof rootReducer>;

/** The store alone, with nothing that needs a browser: what the build's prerender renders with. */
export const createAppStore = () =>
  configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
    // RTK Query's request results reach components in the same tick as they land, not a frame later:
    // a toast shown once a request settles never appears beside a form or switch still marked busy.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
    devTools: config.isDev,
  });

/** Builds the store and starts persistence; shared by the app and the tests. */
export const makeStore = () => {
  const store = createAppStore();
  const stopListeners = setupListeners(store.dispatch);
  const stopTabSync = syncTokensAcrossTabs(store.dispatch);
  const persistor = persistStore(store);
  registerPersistor(persistor);
  /** Ends what outlives the page's render: cache timers, focus/online listeners and writes to storage. */
  const dispose = async () => {
    store.dispatch(api.util.resetApiState());
    stopListeners();
    stopTabSync();
    await persistor.flush();
    persistor.pause();
    registerPersistor(null);
  };
  return { store, persistor, dispose };
};

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
