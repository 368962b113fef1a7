import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { TRIAL_DAYS } from '@rules/plan';

const GUARANTEES = [
  `${TRIAL_DAYS}-day free trial with full access`,
  'Cancel any time with no charge',
  'No commitment',
  'Simple self-service cancellation',
];

/** The promises that come with the trial (docs/product.md, "The plan"). */
export function TrialGuarantee() {
  return (
    <section aria-labelledby="trial-guarantee">
      <Typography id="trial-guarantee" variant="h3" component="h2" gutterBottom>
        Our guarantee
      </Typography>
      <List dense>
        {GUARANTEES.map((text) => (
          <ListItem key={text} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckCircleIcon color="success" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={text} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
