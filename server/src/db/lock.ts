import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite has no lock of its own and a second process on the same folder corrupts it,
// so the folder is claimed with a lock file holding the owner's pid.
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  try {
    writeLock(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number(readFileSync(file, 'utf8'));
    if (isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. ` +
          'Stop that process, or set DATA_DIR to another folder.',
        { cause: error },
      );
    }
    // The previous owner died without cleaning up: the lock is stale.
    unlinkSync(file);
    writeLock(file);
  }
  return () => {
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function writeLock(file: string) {
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
