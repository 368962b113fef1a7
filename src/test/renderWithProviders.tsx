import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PersistGate } from 'redux-persist/es/integration/react';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import type { RootState } from '@/store/store';
import { testStore } from './lifecycle';
import { preloadPages } from './pages';

interface Options {
  /** The URL the app starts on. */
  route?: string;
  preloadedState?: Partial<RootState>;
}

// Any test file that renders the app loads every lazy page before its first test (see pages.ts).
beforeAll(preloadPages);

let visited: string[] = [];

/** Shows the current location so tests can assert navigation as a user would see the address bar, and
 * records every path the router settles on. */
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    visited.push(location.pathname);
  }, [location]);
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` (or, without one, the whole app's routes) with a fresh store, storage and a memory router.
 * Seed browser storage (localStorage) before calling it to start signed in; it is rehydrated as in the app.
 */
export function renderWithProviders(ui?: ReactElement, { route = '/', preloadedState }: Options = {}) {
  visited = [];
  const { store, persistor } = testStore(preloadedState);
  const user = userEvent.setup();
  // The app renders once storage is read (main.tsx); here the render is synchronous, so a gate waits.
  const view = render(
    <PersistGate persistor={persistor}>
      <AppProviders store={store}>
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
      </AppProviders>
    </PersistGate>,
  );
  return { ...view, store, persistor, user };
}

/** The path (and query) the memory router is on. */
export const currentLocation = () => screen.getByTestId('location').textContent;

/** Every path the router has been on since the render, in order: a redirect through another page shows. */
export const visitedPaths = () => [...visited];
