import { Suspense, useEffect, type ReactNode } from 'react';
import { useAppDispatch } from '@/store/hooks';
import type { AppDispatch } from '@/store/store';
import { PageFallback } from './PageFallback';

interface Props {
  page: ReactNode;
  prefetch: (dispatch: AppDispatch) => void;
}

/**
 * A lazy page whose queries start while its chunk downloads: this boundary commits its fallback at
 * once, so the effect runs before the page arrives (the requests overlap the download, and the data
 * is often there when the page first paints).
 */
export function PrefetchingRoute({ page, prefetch }: Props) {
  const dispatch = useAppDispatch();
  useEffect(() => prefetch(dispatch), [dispatch, prefetch]);
  return <Suspense fallback={<PageFallback />}>{page}</Suspense>;
}
