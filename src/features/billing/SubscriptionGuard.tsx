import type { ReactNode } from 'react';

// Placeholder until the guard is built.
export default function SubscriptionGuard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
