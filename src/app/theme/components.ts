import type { Components, Theme } from '@mui/material/styles';
import { typeScaleElements } from './typography';

export const components: Components<Theme> = {
  // A heading takes focus on navigation so a screen reader starts there (useFocusHeadingOnChange);
  // it is not a control, so it draws no focus box.
  MuiCssBaseline: { styleOverrides: { '[tabindex="-1"]:focus': { outline: 'none' } } },
  MuiButton: {
    defaultProps: { disableElevation: true },
    styleOverrides: { root: { textTransform: 'none', fontWeight: 600, borderRadius: 8 } },
  },
  MuiTextField: { defaultProps: { fullWidth: true } },
  MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
  MuiLink: { defaultProps: { underline: 'hover' } },
  MuiTypography: { defaultProps: { variantMapping: typeScaleElements } },
};
