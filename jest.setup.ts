import '@testing-library/jest-dom';
import { server } from '@mocks/node';
import { resetMocks } from '@mocks/control';

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
