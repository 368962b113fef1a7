import type { PaletteOptions } from '@mui/material/styles';

// Brand colours; contrast checked against white text and backgrounds (WCAG AA).
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: '#1849a9', dark: '#123a87', light: '#e8effc', contrastText: '#ffffff' },
  secondary: { main: '#0b7a5e', contrastText: '#ffffff' },
  warning: { main: '#b54708', light: '#fef0c7' },
  background: { default: '#f7f8fa', paper: '#ffffff' },
  text: { primary: '#101828', secondary: '#475467' },
};
