import Typography from '@mui/material/Typography';
import { FAQ } from './faq';
import { FaqItem } from './FaqItem';
import { PaperSection } from './PaperSection';

export function FaqSection() {
  return (
    <PaperSection labelledBy="faq-title" maxWidth={760}>
      <Typography id="faq-title" variant="h2" gutterBottom>
        Frequently asked questions
      </Typography>
      {FAQ.map((item) => (
        <FaqItem key={item.question} {...item} />
      ))}
    </PaperSection>
  );
}
