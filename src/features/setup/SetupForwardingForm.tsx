import { ForwardingForm } from '@/components/ForwardingForm';
import { useAppDispatch } from '@/store/hooks';
import { setupForwardingEntered } from './setupThunks';

/** Setup with a number but no forwarding yet: where its calls should ring. */
export function SetupForwardingForm() {
  const dispatch = useAppDispatch();
  return <ForwardingForm onComplete={(value) => void dispatch(setupForwardingEntered(value))} />;
}
