import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer, MailMessage } from '../mail/mailer';

// Embedded mail: each message becomes DATA_DIR/outbox/<UTC time>-<seq>.json, holding
// { to, subject, text, html, links, sentAt }. Names sort in sending order, so the newest
// file is the last one (the browser tests read the reset link from it).
// The log line shows the link in the terminal, e.g. to reset a password on a developer machine.
export function outboxMailer(
  dataDir: string,
  log: (line: string) => void = (line) => console.log(line),
): Mailer & { dir: string } {
  const dir = path.join(dataDir, 'outbox');
  let sequence = 0;
  return {
    dir,
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      sequence = (sequence + 1) % 10000;
      const name = `${sentAt.replace(/:/g, '-')}-${String(sequence).padStart(4, '0')}.json`;
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // Written under another name then renamed, so a reader never sees half a file.
      const file = path.join(dir, name);
      await writeFile(`${file}.partial`, JSON.stringify({ ...message, links, sentAt }, null, 2));
      await rename(`${file}.partial`, file);
      log(`Mail to ${message.to} written to ${file}: ${message.subject} ${links.join(' ')}`);
    },
  };
}
