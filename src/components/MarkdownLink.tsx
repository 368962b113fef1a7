import Link from '@mui/material/Link';
import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LegalLink } from './LegalLink';

/**
 * Links in the legal texts, underlined as links within running text should be. A link to the other legal
 * text opens it as any other link to it does (a page, or a dialog when signed in); other paths of this
 * site stay in the app; mail and outside links are plain links.
 */
export function MarkdownLink({ href = '', children }: ComponentProps<'a'>) {
  const legal = href === paths.terms ? 'terms' : href === paths.privacy ? 'privacy' : null;
  if (legal) {
    return (
      <LegalLink document={legal} underline="always">
        {children}
      </LegalLink>
    );
  }
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
