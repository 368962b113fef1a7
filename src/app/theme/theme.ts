import { createTheme, type Theme } from '@mui/material/styles';
import { components } from './components';
import { palette } from './palette';
import { typeScale } from './typography';

const build = () => {
  const base = createTheme({
    palette,
    components,
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.15 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.35rem', fontWeight: 700 },
    },
  });
  return createTheme(base, { typography: typeScale(base) });
};

let theme: Theme | undefined;
/**
 * Built on first use, in the first render's task, not while the scripts are evaluated: creating it
 * is a large part of their evaluation, which the browser runs as one long task.
 */
export const appTheme = () => (theme ??= build());
