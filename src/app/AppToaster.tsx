import { Toaster } from 'react-hot-toast';

// Top-center; 4000 ms for blank, error and custom toasts, 2000 ms for success
// (docs/product.md, "Errors and messages").
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{ duration: 4000, success: { duration: 2000 }, error: { duration: 4000 } }}
    />
  );
}
