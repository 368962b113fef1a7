import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { makeStore, type RootState } from '@/store/store';

interface Options {
  /** The URL the app starts on. */
  route?: string;
  preloadedState?: Partial<RootState>;
}

/** Shows the current location so tests can assert navigation as a user would see the address bar. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` (or, without one, the whole app's routes) with a fresh store, storage and a memory router.
 * Seed browser storage (localStorage) before calling it to start signed in; it is rehydrated as in the app.
 */
export function renderWithProviders(ui?: ReactElement, { route = '/', preloadedState }: Options = {}) {
  const { store, persistor } = makeStore(preloadedState);
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} persistor={persistor}>
      <MemoryRouter initialEntries={[route]}>
        {ui ? (
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
        ) : (
          <AppRoutes />
        )}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, persistor, user };
}

/** The path (and query) the memory router is on. */
export const currentLocation = () => screen.getByTestId('location').textContent;
