import '@testing-library/jest-dom';
import { act, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { server } from '@mocks/node';
import { resetMocks } from '@mocks/control';
import { endTest } from '@/test/lifecycle';

// The one async-wait limit of the web tests; jest.config.ts sizes it with the test timeout.
configure({ asyncUtilTimeout: WAIT_FOR_TIMEOUT_MS });

// React 19 reads a submitted form with `new FormData(form, submitter)` when the submit handler starts a
// transition, as react-router's navigate does; jest-fixed-jsdom's Node FormData cannot take a form element.
globalThis.FormData = class extends globalThis.FormData {
  constructor() {
    super();
  }
};

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
afterEach(async () => {
  await endTest();
  // Toasts live in a module-level store that outlasts each render.
  act(() => toast.remove());
  server.resetHandlers();
  resetMocks();
  localStorage.clear();
});
afterAll(() => server.close());
