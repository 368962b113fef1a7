import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { selectForwardingNumber, selectSelectedNumber } from '@/store/onboardingSlice';
import { useGetPhoneNumberQuery } from '@/store/api/numbers';
import { useAppSelector } from '@/store/hooks';

/**
 * The business number and where it forwards, from GET /dashboard/phone-number; until the server has
 * answered with a number (or when it cannot), the numbers stored at setup stand in (the forwarding number
 * as last configured, src/store/onboardingSlice.ts).
 */
export function useBusinessLine() {
  const { data, isLoading, isError } = useGetPhoneNumberQuery();
  const storedNumber = useAppSelector(selectSelectedNumber);
  const storedForwarding = useAppSelector(selectForwardingNumber);

  useEffect(() => {
    // The id keeps it to one toast when both the dashboard and a remount ask.
    if (isError) toast.error('Failed to load phone configuration', { id: 'phone-configuration' });
  }, [isError]);

  const line = data?.phone_number;
  return {
    businessNumber: line?.phone_number || storedNumber,
    forwardingNumber: line ? line.forwarding_number : storedForwarding,
    announceCalls: Boolean(line?.announce_calls),
    // On by default, as the server has it.
    emailTexts: line?.email_texts ?? true,
    isLoading,
    isError,
  };
}
