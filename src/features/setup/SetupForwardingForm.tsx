import { ForwardingForm } from '@/components/ForwardingForm';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { selectForwardingDraft } from './setupSlice';
import { setupForwardingEntered } from './setupThunks';

/** Setup with a number but no forwarding yet: where its calls should ring (after a failure, as typed). */
export function SetupForwardingForm() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectForwardingDraft);
  return (
    <ForwardingForm draft={draft} onComplete={(value) => void dispatch(setupForwardingEntered(value))} />
  );
}
