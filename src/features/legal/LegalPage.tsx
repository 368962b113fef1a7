import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useEffect, type ComponentProps } from 'react';
import Markdown from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import { MarkdownLink } from './MarkdownLink';
import { useGetLegalDocumentQuery, type LegalDocument } from './legalApi';

// Typography for the rendered markdown, which arrives as plain HTML elements.
const articleStyles = {
  '& h1': { typography: 'pageTitle', mt: 3, mb: 1 },
  '& h2': { typography: 'h3', mt: 4, mb: 1 },
  '& h3': { typography: 'h6', mt: 3, mb: 1 },
  '& p, & li': { typography: 'body1', lineHeight: 1.7 },
  '& ul, & ol': { pl: 3 },
  overflowWrap: 'anywhere',
} as const;

// The document's title is the page's h1, which takes focus after an in-app navigation (src/app/Layout.tsx).
const Title = ({ children }: ComponentProps<'h1'>) => <h1 tabIndex={-1}>{children}</h1>;

export default function LegalPage({ document }: { document: LegalDocument }) {
  const { data, error } = useGetLegalDocumentQuery(document);

  // A load failure is only logged; the page stays empty.
  useEffect(() => {
    if (error) console.error(`Failed to load the ${document} document`, error);
  }, [document, error]);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <Link component={RouterLink} to="/">
        Back to home
      </Link>
      {data && (
        <Box component="article" sx={articleStyles}>
          <Markdown components={{ a: MarkdownLink, h1: Title }}>{data}</Markdown>
        </Box>
      )}
    </Box>
  );
}
