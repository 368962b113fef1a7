import Link from '@mui/material/Link';
import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * Links in the legal texts, underlined as links within running text should be. Paths of this site stay in the
 * app; mail and outside links are plain links.
 */
export function MarkdownLink({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/')) {
    return (
      <Link component={RouterLink} to={href} underline="always">
        {children}
      </Link>
    );
  }
  return (
    <Link href={href} underline="always">
      {children}
    </Link>
  );
}
