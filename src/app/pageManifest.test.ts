import { readFileSync } from 'node:fs';
import { pageModules } from './pageManifest';

// The bundler needs each lazy page's import() written out, so pages.tsx names the modules again.
it('pages.tsx loads exactly the pages of the manifest', () => {
  const source = readFileSync(`${__dirname}/pages.tsx`, 'utf8');
  const imported = [...source.matchAll(/import\('@\/([^']+)'\)/g)].map(([, module]) => module);
  expect(imported.sort()).toEqual(Object.values(pageModules).sort());
});
