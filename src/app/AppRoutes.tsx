import { useRoutes } from 'react-router-dom';
import { selectIsSignedIn } from '@/store/authSlice';
import { useAppSelector } from '@/store/hooks';
import { signedInRoutes, signedOutRoutes } from './routes';

export function AppRoutes() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return useRoutes(signedIn ? signedInRoutes : signedOutRoutes);
}
