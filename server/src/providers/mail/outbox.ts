import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../../data-dir';
import type { Mailer, MailMessage } from './mailer';

// Embedded mail: each message becomes DATA_DIR/outbox/<UTC time>-<seq>.json, holding
// { to, subject, text, html, links, sentAt }. Names sort in sending order, so the newest
// file is the last one (the browser tests read the reset link from it).
// The log line names the file, never the links: a reset link in a log is a password for whoever reads it.
export function outboxMailer(
  dataDir: string,
  log: (line: string) => void = (line) => console.log(line),
): Mailer & { dir: string } {
  const dir = path.join(dataDir, 'outbox');
  let sequence = 0;
  return {
    dir,
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
      const sentAt = new Date().toISOString();
      sequence = (sequence + 1) % 10000;
      const name = `${sentAt.replace(/:/g, '-')}-${String(sequence).padStart(4, '0')}.json`;
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // Written under another name then renamed, so a reader never sees half a file.
      const file = path.join(dir, name);
      await writeFile(`${file}.partial`, JSON.stringify({ ...message, links, sentAt }, null, 2), {
        mode: OWNER_ONLY_FILE,
      });
      await rename(`${file}.partial`, file);
      log(`Mail to ${message.to} written to ${file}: ${message.subject}`);
    },
  };
}
