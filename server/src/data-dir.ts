import { chmodSync, mkdirSync } from 'node:fs';

// DATA_DIR holds the generated JWT secret, the embedded database and mail carrying reset links:
// only the server's own user may enter it, also when an older version created it open.
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIR = 0o700;

export function ensureDataDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  chmodSync(dir, OWNER_ONLY_DIR);
}
