import { PASSWORD_PROBLEMS } from '@rules/passwords';
import { newPasswordProblem } from './newPasswordProblem';

test('an ordinary passphrase has no problem', async () => {
  expect(await newPasswordProblem('orange kettle drifts north')).toBe('');
});

test('a common password, a short one and spaces only are refused with the shared sentences', async () => {
  expect(await newPasswordProblem('password12')).toBe(PASSWORD_PROBLEMS.weak);
  expect(await newPasswordProblem('short')).toBe(PASSWORD_PROBLEMS.short);
  expect(await newPasswordProblem('            ')).toBe(PASSWORD_PROBLEMS.blank);
});
