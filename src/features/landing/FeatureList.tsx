import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FEATURES } from './features';
import { PaperSection } from './PaperSection';

// A plain inline check mark: an icon package would cost the landing page more than it shows.
const CheckMark = () => (
  <Box
    component="svg"
    viewBox="0 0 24 24"
    aria-hidden="true"
    sx={{
      width: 24,
      height: 24,
      flex: 'none',
      color: 'primary.main',
      '& circle': { fill: (t) => t.palette.primary.light },
    }}
  >
    <circle cx="12" cy="12" r="12" />
    <path d="M7 12.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </Box>
);

export function FeatureList() {
  return (
    <PaperSection labelledBy="features-title" maxWidth={960}>
      <Typography id="features-title" variant="h2" sx={{ mb: 3 }}>
        Everything a small business line needs
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        {FEATURES.map((feature) => (
          <Box component="li" key={feature.title} sx={{ display: 'flex', gap: 1.5 }}>
            <CheckMark />
            <div>
              <Typography variant="featureTitle" sx={{ mb: 0.5 }}>
                {feature.title}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {feature.text}
              </Typography>
            </div>
          </Box>
        ))}
      </Box>
    </PaperSection>
  );
}
