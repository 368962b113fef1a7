import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { httpRefusals } from '../../../contract/refusals/http';

/** The name and email Settings shows. A live session's account exists; gone, it is signed out. */
export async function accountOf(db: Db, userId: string) {
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(httpRefusals.sessionExpired);
  return user;
}
