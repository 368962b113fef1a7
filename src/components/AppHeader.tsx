import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { config } from '@/config';
import { paths } from '@/config/paths';
import { useSignOut } from '@/hooks/useSignOut';

/**
 * The header of every signed-in page (the dashboard, settings and the Subscription Required screen that
 * replaces them): the product's name, which leads to the dashboard, then Settings and Sign Out. Where
 * there is no subscription, Settings would show the same screen and the screen has its own Sign Out, so
 * `accountActions` leaves both out there.
 */
export function AppHeader({ accountActions = true }: { accountActions?: boolean }) {
  // From the navigation bar, signing out goes to the landing page (docs/product.md, "Accounts and sessions").
  const signOut = useSignOut('/');
  const { pathname } = useLocation();
  const current = (path: string) => (pathname === path ? 'page' : undefined);
  return (
    <AppBar position="static" color="primary" elevation={0} component="nav" aria-label="Account">
      <Toolbar>
        <Typography variant="navTitle" sx={{ flexGrow: 1 }}>
          <Link
            component={RouterLink}
            to={paths.dashboard}
            aria-current={current(paths.dashboard)}
            color="inherit"
            underline="none"
          >
            {config.productName}
          </Link>
        </Typography>
        {accountActions && (
          <>
            <IconButton
              component={RouterLink}
              to={paths.settings}
              aria-current={current(paths.settings)}
              color="inherit"
              aria-label="Settings"
            >
              <SettingsIcon />
            </IconButton>
            <IconButton color="inherit" aria-label="Sign Out" onClick={signOut} edge="end">
              <LogoutIcon />
            </IconButton>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
