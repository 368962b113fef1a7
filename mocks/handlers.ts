import { accountHandlers } from './handlers/account';
import { authHandlers } from './handlers/auth';
import { billingHandlers } from './handlers/billing';
import { callEventHandlers } from './handlers/callEvents';
import { callHandlers } from './handlers/calls';
import { numberHandlers } from './handlers/numbers';
import { textHandlers } from './handlers/texts';

/** Every API handler, shared by Jest (node.ts) and the browser worker (browser.ts). */
export const handlers = [
  ...authHandlers,
  ...accountHandlers,
  ...billingHandlers,
  ...numberHandlers,
  ...callHandlers,
  ...callEventHandlers,
  ...textHandlers,
];
