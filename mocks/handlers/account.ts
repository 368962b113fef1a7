import { HttpResponse } from 'msw';
import { db } from '../db';
import { refuse, authRoute } from '../route';
import { accountEndpoints } from '../../contract/endpoints/account';
import { revokeAllTokens } from '../tokens';
import { accountRefusals } from '../../contract/refusals/account';

export const accountHandlers = [
  authRoute(accountEndpoints.account, {
    handle: ({ userId }) => {
      const { name, email } = db.users.find((u) => u.id === userId)!;
      return { name, email };
    },
  }),

  // As the server: the password confirms it; the subscription, number, calls and every session go.
  authRoute(accountEndpoints.deleteAccount, {
    handle: ({ body, userId }) => {
      const user = db.users.find((u) => u.id === userId)!;
      if (body.password !== user.password) {
        return refuse(accountRefusals.wrongPassword);
      }
      for (const table of [db.subscriptions, db.numbers, db.calls, db.usageEmails]) delete table[userId];
      for (const [token, reset] of Object.entries(db.resetTokens))
        if (reset.userId === userId) delete db.resetTokens[token];
      revokeAllTokens(userId);
      db.users = db.users.filter((u) => u.id !== userId);
      return new HttpResponse(null, { status: 204 });
    },
  }),
];
