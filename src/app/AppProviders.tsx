import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/es/integration/react';
import type { AppStore } from '@/store/store';
import { AppToaster } from './AppToaster';
import { theme } from './theme/theme';

interface Props {
  store: AppStore;
  // Absent when the build prerenders a page: nothing is stored there.
  persistor?: Persistor;
  // Hydrating a prerendered page: render it at once, as the build did, without waiting for storage
  // (the page is only hydrated for a visitor with no session stored, whose state is the initial one).
  renderBeforeStorage?: boolean;
  children: ReactNode;
}

/** Store, rehydrated storage, theme and toasts: everything a page needs except the router. */
export function AppProviders({ store, persistor, renderBeforeStorage = false, children }: Props) {
  const page = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppToaster />
      {children}
    </ThemeProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate persistor={persistor}>
          {(ready) => (ready || renderBeforeStorage ? page : null)}
        </PersistGate>
      ) : (
        page
      )}
    </Provider>
  );
}
