import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useId } from 'react';
import type { LegalDocument as Document } from '@/store/api/legal';
import { LegalDocument } from './LegalDocument';

/** A legal text over the page, named by its own title; closing it gives focus back to the link. */
export default function LegalDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} scroll="paper" maxWidth="md" fullWidth>
      <DialogContent dividers>
        <LegalDocument document={document} titleId={titleId} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
