import Box from '@mui/material/Box';
import { useEffect, useMemo, type ComponentProps } from 'react';
import Markdown from 'react-markdown';
import { useGetLegalDocumentQuery, type LegalDocument as Document } from '@/store/api/legal';
import { MarkdownLink } from './MarkdownLink';

// Typography for the rendered markdown, which arrives as plain HTML elements.
const articleStyles = {
  '& h1': { typography: 'pageTitle', mt: 3, mb: 1 },
  '& h2': { typography: 'h3', mt: 4, mb: 1 },
  '& h3': { typography: 'h6', mt: 3, mb: 1 },
  '& p, & li': { typography: 'body1', lineHeight: 1.7 },
  '& ul, & ol': { pl: 3 },
  overflowWrap: 'anywhere',
} as const;

interface Props {
  document: Document;
  /** In a dialog over a signed-in page: the id of the h1 that names it, and links kept on that page. */
  titleId?: string;
  signedIn?: boolean;
}

/**
 * A legal text, fetched as markdown from its content file and rendered as an article: the whole of the
 * signed-out /terms and /privacy pages, and what a signed-in user's link to them opens in a dialog.
 * A load failure is only logged; nothing shows.
 */
export function LegalDocument({ document, titleId, signedIn = false }: Props) {
  const { data, error } = useGetLegalDocumentQuery(document);

  useEffect(() => {
    if (error) console.error(`Failed to load the ${document} document`, error);
  }, [document, error]);

  // The title takes focus after an in-app navigation to its page (src/app/Layout.tsx).
  const components = useMemo(
    () => ({
      a: (props: ComponentProps<'a'>) => <MarkdownLink {...props} signedIn={signedIn} />,
      h1: ({ children }: ComponentProps<'h1'>) => (
        <h1 id={titleId} tabIndex={-1}>
          {children}
        </h1>
      ),
    }),
    [titleId, signedIn],
  );
  if (!data) return null;
  return (
    <Box component="article" sx={articleStyles}>
      <Markdown components={components}>{data}</Markdown>
    </Box>
  );
}
