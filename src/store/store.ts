import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { config } from '@/config';
import { authSlice } from './authSlice';
import { setupSlice } from './setupSlice';
import { onboardingSlice } from './onboardingSlice';
import { settingsSlice } from './settingsSlice';
import { api } from './api/base';
import { persisted, registerPersistor } from './persist';
import { syncTokensAcrossTabs } from './tabSync';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: persisted('auth', authSlice.reducer),
  onboarding: persisted('onboarding', onboardingSlice.reducer),
  settings: persisted('settings', settingsSlice.reducer),
  setup: setupSlice.reducer,
});

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
