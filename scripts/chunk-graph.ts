import type { Rollup } from 'vite';

type Bundle = Rollup.OutputBundle;

const chunksOf = (bundle: Bundle) =>
  Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');

export const entryChunks = (bundle: Bundle) => chunksOf(bundle).filter((c) => c.isEntry);

/**
 * The rest of the app, which the entry (src/main.tsx) imports dynamically once its own evaluation has
 * ended, in two parts each evaluated in a task of its own: the store's (Redux Toolkit, RTK Query),
 * then the app's start (MUI, the providers, the routes). Every page loads both, so the build
 * preloads them beside the entry (route-preload-plugin.ts).
 */
export const APP_STORE = 'src/app/startStore.ts';
export const APP_START = 'src/app/start.tsx';

/** The app's two parts that the entry imports dynamically, in the order it imports them. */
export const startChunks = (bundle: Bundle) => [chunkOf(bundle, APP_STORE), chunkOf(bundle, APP_START)];

/** The entry chunks and the app's start chunks: what every page runs before its own chunks. */
export const bootChunks = (bundle: Bundle) => [...entryChunks(bundle), ...startChunks(bundle)];

/** The chunk that holds a module (a path from the repository root, e.g. src/main.tsx). */
export function chunkOf(bundle: Bundle, module: string): Rollup.OutputChunk {
  const chunk = chunksOf(bundle).find((c) => c.moduleIds.some((id) => id.endsWith(module)));
  if (!chunk) throw new Error(`no chunk holds ${module}`);
  return chunk;
}

/** What `roots` load through static imports, in the order met; chunks named in `skip` end the walk. */
export function staticChunks(bundle: Bundle, roots: Rollup.OutputChunk[], skip = new Set<string>()) {
  const found = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Bundle[string] | undefined) => {
    if (chunk?.type !== 'chunk' || found.has(chunk) || skip.has(chunk.fileName)) return;
    found.add(chunk);
    chunk.imports.forEach((file) => visit(bundle[file]));
  };
  roots.forEach(visit);
  return found;
}
