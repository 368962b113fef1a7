import { useLocation, useNavigate } from 'react-router-dom';
import { LEGAL_PARAM } from '@/config/paths';
import { LegalDialog } from './LegalDialog';

/** On a signed-in page, shows the legal text that a link asked for (`legalTextLink`, config/paths.ts); closing it drops the request. */
export function LegalDialogHost() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(search);
  const document = query.get(LEGAL_PARAM);
  if (document !== 'terms' && document !== 'privacy') return null;
  const close = () => {
    query.delete(LEGAL_PARAM);
    void navigate({ pathname, search: query.size ? `?${query}` : '' }, { replace: true });
  };
  return <LegalDialog key={document} document={document} onClose={close} />;
}
