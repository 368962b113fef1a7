import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { server } from '@mocks/node';
import { resetMocks } from '@mocks/control';

// Lazy pages load their chunks on first render; on a busy 2-core CI machine that can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; react-hot-toast's Toaster and MUI's useMediaQuery ask for it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMocks();
  localStorage.clear();
});
afterAll(() => server.close());
