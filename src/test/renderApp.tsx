import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { whenRehydrated } from '@/store/persist';
import { testStore } from './lifecycle';
import { preloadPages } from './pages';

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
 * Opens the whole app at `route` with a fresh store, storage and a memory router, as src/app/start.tsx
 * opens it: once storage has been read. Seed browser storage (localStorage) first to start signed in.
 */
export async function renderApp(route = '/') {
  visited = [];
  const { store, persistor } = testStore();
  const user = userEvent.setup();
  await whenRehydrated(persistor);
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, persistor, user };
}

/** The path (and query) the memory router is on. */
export const currentLocation = () => screen.getByTestId('location').textContent;

/** Every path the router has been on since the render, in order: a redirect through another page shows. */
export const visitedPaths = () => [...visited];
