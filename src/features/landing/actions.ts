import { styled, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';

// The landing page draws its buttons from plain elements styled like the theme's buttons: MUI's Button (with
// ButtonBase and its ripple) would add ~5 KB gzip to a page whose whole budget is 170 KB (docs/performance.md).
type Variant = { variant?: 'contained' | 'outlined' };

const look = ({ theme, variant = 'contained' }: Variant & { theme: Theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  padding: '10px 22px',
  borderRadius: 8,
  font: 'inherit',
  fontWeight: 600,
  fontSize: '1rem',
  textDecoration: 'none',
  cursor: 'pointer',
  border: `1px solid ${theme.palette.primary.main}`,
  color: variant === 'contained' ? theme.palette.primary.contrastText : theme.palette.primary.main,
  backgroundColor: variant === 'contained' ? theme.palette.primary.main : 'transparent',
  transition: 'background-color 150ms',
  '&:hover': {
    backgroundColor: variant === 'contained' ? theme.palette.primary.dark : theme.palette.primary.light,
  },
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
});

// Replacing MUI's filter means keeping `sx` off the element too (it would land in the DOM as "[object Object]").
const noVariant = { shouldForwardProp: (prop: string) => prop !== 'variant' && prop !== 'sx' };

export const ActionButton = styled('button', noVariant)<Variant>(look);
export const ActionLink = styled(RouterLink, noVariant)<Variant>(look);
