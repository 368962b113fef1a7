import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface SentMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export function readOutbox(dataDir: string): SentMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SentMail);
}

// Mail is sent after the API has answered, so wait for it to land in the outbox.
export async function waitForMail(dataDir: string, to: string, timeoutMs = 10_000): Promise<SentMail> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const mail = readOutbox(dataDir)
      .reverse()
      .find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

/** Waits for a mail whose text contains `fragment`. */
export async function waitForMailWith(
  dataDir: string,
  fragment: string,
  timeoutMs = 10_000,
): Promise<SentMail> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const mail = readOutbox(dataDir).find((m) => m.text.includes(fragment));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail with "${fragment}" in the outbox`);
}
