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
  persistor: Persistor;
  children: ReactNode;
}

/** Store, rehydrated storage, theme and toasts: everything a page needs except the router. */
export function AppProviders({ store, persistor, children }: Props) {
  return (
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <AppToaster />
          {children}
        </ThemeProvider>
      </PersistGate>
    </Provider>
  );
}
