import Link from '@mui/material/Link';
import type { ComponentProps } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { legalTextLink, paths } from '@/config/paths';

interface Props extends ComponentProps<'a'> {
  /** Shown to a signed-in user (in a dialog): a link to the other legal text shows it there. */
  signedIn?: boolean;
}

/**
 * Links in the legal texts, underlined as links within running text should be. Paths of this site stay in
 * the app; mail and outside links are plain links.
 */
export function MarkdownLink({ href = '', children, signedIn = false }: Props) {
  const legal = href === paths.terms ? 'terms' : href === paths.privacy ? 'privacy' : null;
  if (href.startsWith('/')) {
    return (
      <Link component={RouterLink} to={legal ? legalTextLink(legal, signedIn) : href} underline="always">
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
