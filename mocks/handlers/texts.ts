import { HttpResponse } from 'msw';
import { TEXTS_SHOWN } from '../../contract/texts';
import { db } from '../db';
import { authRoute } from '../route';

// Texts to the account's business number (mocks/texts.ts receives them).
export const textHandlers = [
  authRoute('GET /dashboard/texts', {
    handle: ({ userId }) => HttpResponse.json({ texts: (db.texts[userId] ?? []).slice(0, TEXTS_SHOWN) }),
  }),
];
