import { createTheme } from '@mui/material/styles';
import { components } from './components';
import { palette } from './palette';
import { typeScale } from './typography';

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

export const theme = createTheme(base, { typography: typeScale(base) });
