import Link, { type LinkProps } from '@mui/material/Link';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAppSelector } from '@/store/hooks';
import { selectIsSignedIn } from '@/store/authSlice';
import type { LegalDocument } from '@/store/api/legal';

// Only for a signed-in user who opens it: the markdown renderer stays out of the pages' code.
const LegalDialog = lazy(() => import('./LegalDialog'));

interface Props extends Pick<LinkProps, 'variant' | 'underline'> {
  document: LegalDocument;
  children: ReactNode;
}

/**
 * A link to the terms or the privacy policy. Signed out it goes to the page; signed in, where the route
 * table sends /terms and /privacy to the dashboard (docs/product.md, "Routes"), the same text opens in a
 * dialog over the page.
 */
export function LegalLink({ document, children, ...style }: Props) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [open, setOpen] = useState(false);
  if (!signedIn) {
    return (
      <Link component={RouterLink} to={paths[document]} {...style}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <Link
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        {...style}
        sx={{ verticalAlign: 'baseline' }}
      >
        {children}
      </Link>
      {open && (
        <Suspense fallback={null}>
          <LegalDialog document={document} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
