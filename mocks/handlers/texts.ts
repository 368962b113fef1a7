import { TEXTS_SHOWN } from '../../contract/texts';
import { db } from '../db';
import { authRoute } from '../route';
import { textEndpoints } from '../../contract/endpoints/texts';

// Texts to the account's business number (mocks/texts.ts receives them).
export const textHandlers = [
  authRoute(textEndpoints.texts, {
    handle: ({ userId }) => ({ texts: (db.texts[userId] ?? []).slice(0, TEXTS_SHOWN) }),
  }),
];
