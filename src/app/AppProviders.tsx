import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '@/store/store';
import { AppToaster } from './AppToaster';
import { appTheme } from './theme/theme';

interface Props {
  store: AppStore;
  children: ReactNode;
}

/**
 * Store, theme and toasts: everything a page needs except the router. Render it once storage has
 * been read into the store (src/app/startStore.ts), or with a store that has none (the build's prerender).
 */
export function AppProviders({ store, children }: Props) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={appTheme()}>
        <CssBaseline />
        <AppToaster />
        {children}
      </ThemeProvider>
    </Provider>
  );
}
