import { appTheme } from '@/app/theme/theme';

/** The app theme's colors, MUI's defaults filled in: what a test of a color a user sees compares with. */
export const themePalette = () => appTheme().palette;
