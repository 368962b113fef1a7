import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

export interface AssetStore {
  dir: string;
  maxAgeDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's folder of assets: only this is ever served from the store (never the rest of ASSET_STORE_DIR). */
export const storedAssetsDir = (store: AssetStore) => path.join(store.dir, 'assets');

/**
 * Copies this build's content-hashed assets (dist/assets/*, with their .br and .gz) into the store shared
 * by every node, so a page from this build finds its scripts on a node of another build during a deploy.
 * A file already there is the same file (its name is its content's hash): it is only marked as published
 * now. Then removes what no node has published for `maxAgeDays`, leaving the other builds' recent files.
 */
export async function publishAssets(distDir: string, store: AssetStore, now = new Date()) {
  const target = storedAssetsDir(store);
  await mkdir(target, { recursive: true });
  const own = await readdir(path.join(distDir, 'assets')).catch(() => [] as string[]);
  for (const name of own) {
    const stored = path.join(target, name);
    if (await exists(stored)) {
      await utimes(stored, now, now);
      continue;
    }
    // Written aside under a dot name (never served) of its own (every container's node is PID 1), then
    // renamed: a node reading the store meanwhile sees the whole file or none.
    const partial = path.join(target, `.${name}.${randomUUID()}.partial`);
    await copyFile(path.join(distDir, 'assets', name), partial);
    await utimes(partial, now, now);
    await rename(partial, stored);
  }
  const ownNames = new Set(own);
  const oldest = now.getTime() - store.maxAgeDays * DAY_MS;
  let pruned = 0;
  for (const name of await readdir(target)) {
    if (ownNames.has(name)) continue;
    const file = path.join(target, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < oldest) {
      await rm(file, { force: true });
      pruned++;
    }
  }
  return { published: own.length, pruned };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
