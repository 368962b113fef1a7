import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '@/config';
import { useSignOut } from '@/hooks/useSignOut';

export function DashboardNav() {
  // From the dashboard nav, signing out goes to the landing page (docs/product.md, "Accounts and sessions").
  const signOut = useSignOut('/');
  return (
    <AppBar position="static" color="primary" elevation={0} component="nav" aria-label="Account">
      <Toolbar>
        <Typography variant="navTitle" sx={{ flexGrow: 1 }}>
          {config.productName}
        </Typography>
        <IconButton component={RouterLink} to="/settings" color="inherit" aria-label="Settings">
          <SettingsIcon />
        </IconButton>
        <IconButton color="inherit" aria-label="Sign Out" onClick={signOut} edge="end">
          <LogoutIcon />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
