import { db, isLive, ownerOfNumber } from './db';

/** A text to a business number: kept for its owner if the owner has service, as the server does. */
export function receiveText(to: string, from: string, body: string) {
  const owner = ownerOfNumber(to);
  if (owner === undefined || !isLive(db.subscriptions[owner])) return;
  const text = {
    id: `text-${db.nextId++}`,
    from_number: from,
    to_number: to,
    body,
    received_at: new Date().toISOString(),
  };
  db.texts[owner] = [text, ...(db.texts[owner] ?? [])];
}
