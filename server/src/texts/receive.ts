import { and, eq, isNull } from 'drizzle-orm';
import { serviceOnSql } from '../billing/subscriptions';
import { phoneNumbers, texts, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { textMail } from './mail';

export interface InboundText {
  sid: string;
  from: string;
  to: string;
  body: string;
}

type Log = { error: (context: object, message: string) => void };

/**
 * Keeps a text sent to one of our numbers for its owner, once per provider message id, if the
 * owner has service (a lapsed number's texts are nobody's). The mail to the owner (unless they
 * turned it off) is sent after, without waiting: the webhook answers at once, and a mail failure
 * is logged, the text being kept and shown on the dashboard either way.
 */
export async function receiveText(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  text: InboundText,
  log: Log,
) {
  const [owner] = await deps.db
    .select({ userId: phoneNumbers.userId, emailTexts: phoneNumbers.emailTexts, email: users.email })
    .from(phoneNumbers)
    .innerJoin(users, eq(users.id, phoneNumbers.userId))
    .where(
      and(
        eq(phoneNumbers.phoneNumber, text.to),
        isNull(phoneNumbers.releasedAt),
        serviceOnSql(phoneNumbers.userId),
      ),
    );
  if (!owner) return;
  const [kept] = await deps.db
    .insert(texts)
    .values({
      userId: owner.userId,
      providerMessageSid: text.sid,
      fromNumber: text.from,
      toNumber: text.to,
      body: text.body,
    })
    .onConflictDoNothing({ target: texts.providerMessageSid })
    .returning({ id: texts.id });
  if (!kept || !owner.emailTexts) return;
  void deps.mailer
    .send(textMail(deps.config.appUrl, owner.email, text))
    .catch((err: unknown) => log.error({ err, userId: owner.userId }, 'a text could not be e-mailed'));
}
