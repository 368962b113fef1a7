import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { config } from '@/config';
import { ActionLink } from './actions';
import { paths } from '@/config/paths';

export function LandingHeader() {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        px: { xs: 2, md: 4 },
        py: 2,
      }}
    >
      <Typography variant="brand" color="primary">
        {config.productName}
      </Typography>
      <ActionLink to={paths.login} variant="outlined">
        Sign in
      </ActionLink>
    </Box>
  );
}
