import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { selectSessionDestination } from '@/store/authSlice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { sessionDestinationReached } from '@/store/session';

/**
 * A route table's catch-all. When the session has just started or ended, the flow that changed it chose
 * where the new table opens (e.g. /trial after signup): that wins over `fallback`, so the change lands
 * there in one update, with no detour through the fallback page and no timer.
 */
export function SessionRedirect({ fallback }: { fallback: string }) {
  const destination = useAppSelector(selectSessionDestination);
  const dispatch = useAppDispatch();
  // Taken once: forgetting the destination below must not send this redirect elsewhere.
  const [to] = useState(destination ?? fallback);
  useEffect(() => {
    if (destination) dispatch(sessionDestinationReached());
  }, [destination, dispatch]);
  return <Navigate to={to} replace />;
}
