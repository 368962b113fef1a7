import { ActionLink } from './actions';

export function StartTrialButton() {
  return <ActionLink to="/signup">Start Free Trial</ActionLink>;
}
