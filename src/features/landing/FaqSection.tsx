import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FAQ } from './faq';
import { FaqItem } from './FaqItem';

export function FaqSection() {
  return (
    <Box
      component="section"
      aria-labelledby="faq-title"
      sx={{ px: { xs: 2, md: 4 }, py: 6, bgcolor: 'background.paper' }}
    >
      <Box sx={{ maxWidth: 760, mx: 'auto' }}>
        <Typography id="faq-title" variant="h2" gutterBottom>
          Frequently asked questions
        </Typography>
        {FAQ.map((item) => (
          <FaqItem key={item.question} {...item} />
        ))}
      </Box>
    </Box>
  );
}
