import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { lazy, Suspense, useId } from 'react';
import type { LegalDocument as Document } from '@/store/api/legal';

// Loaded when a text is asked for: the markdown renderer stays out of the signed-in pages' code.
const LegalDocument = lazy(() =>
  import('./LegalDocument').then(({ LegalDocument }) => ({ default: LegalDocument })),
);

/** A legal text over a signed-in page, named by its own title; closing gives focus back to its link. */
export function LegalDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} scroll="paper" maxWidth="md" fullWidth>
      <DialogContent dividers>
        <Suspense fallback={null}>
          <LegalDocument document={document} titleId={titleId} signedIn />
        </Suspense>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
