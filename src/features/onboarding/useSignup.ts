import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import type { Registration } from '@contract/auth';
import { serverMessage } from '@/lib/apiError';
import { newPasswordProblem } from '@/lib/newPasswordProblem';
import { useLoginMutation, useRegisterMutation } from '@/store/api/auth';
import { useHostedBillingPage } from '@/hooks/useHostedBillingPage';
import { useAppDispatch } from '@/store/hooks';
import { sessionDestinationChosen } from '@/store/session';
import { paths } from '@/config/paths';

export const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

/** The signup flow: register, log in, then checkout for the free trial. */
export function useSignup() {
  const [register] = useRegisterMutation();
  const [login] = useLoginMutation();
  const { open } = useHostedBillingPage();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [isBusy, setBusy] = useState(false);
  // Why the form cannot be sent (a missing field, terms not accepted) or why the server refused it (a taken
  // email, a short password), shown above the form.
  const [error, setError] = useState('');

  const signUp = async (registration: Registration) => {
    const { name, email, password, acceptTerms } = registration;
    if (!name || !email || !password) return setError('Please fill in all fields');
    if (!acceptTerms) return setError('Please accept the terms of service and privacy policy');
    // The server's rules, checked here first: a password it would refuse is said once, with no toast.
    const problem = await newPasswordProblem(password);
    if (problem) return setError(problem);
    setError('');
    setBusy(true);
    try {
      await register(registration).unwrap();
    } catch (failure) {
      setBusy(false);
      // A refusal with a reason (an existing email) is said once, in the form; the toast is for the rest.
      const reason = serverMessage(failure, 400, 409, 429) ?? '';
      setError(reason);
      return void (reason || toast.error('Failed to create account. Please try again.'));
    }
    toast.success('Account created successfully!');
    // Signing in swaps /signup for the signed-in routes: they open on the trial page, which waits for
    // checkout and offers a retry should it fail.
    dispatch(sessionDestinationChosen('/trial'));
    try {
      await login({ email, password }).unwrap();
    } catch {
      // The account exists but no session could be opened: signing in by hand is the way on. A toast,
      // because the message must outlive this page.
      dispatch(sessionDestinationChosen(null));
      toast.error('Please sign in to finish setting up your trial.');
      return void navigate(paths.login, { replace: true });
    }
    await open('checkout', CHECKOUT_FAILED);
  };

  return { signUp, isBusy, error };
}
