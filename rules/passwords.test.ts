import { passwordScore } from './password-strength';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, passwordProblem } from './passwords';

// A new password's rules (sign-up, reset) and the sentences people see.

const strong = () => 4;

it('says the rules beside the field', () => {
  expect(PASSWORD_RULES).toBe(
    'At least 10 characters, not only spaces, and not a common or easily guessed password.',
  );
});

it('refuses 9 characters and takes 10', () => {
  expect(PASSWORD_MIN_LENGTH).toBe(10);
  expect(passwordProblem('a'.repeat(9), strong)).toBe(
    'The password field must be at least 10 characters long.',
  );
  expect(passwordProblem('a'.repeat(10), strong)).toBeNull();
});

it('refuses a password of spaces only, of any length', () => {
  expect(passwordProblem(' '.repeat(12), strong)).toBe('The password must not be only spaces.');
  expect(passwordProblem('', strong)).toBe('The password must not be only spaces.');
});

it('refuses a strength score under 2 and takes 2', () => {
  const weak = 'This password is too common or easy to guess. Please choose another.';
  expect(passwordProblem('a'.repeat(12), () => 1)).toBe(weak);
  expect(passwordProblem('a'.repeat(12), () => 2)).toBeNull();
});

it("scores common passwords and keyboard walks low, an ordinary passphrase high (zxcvbn's estimate)", () => {
  for (const common of ['password12', '1234567890', 'qwertyuiop']) {
    expect(passwordProblem(common, passwordScore)).toBe(
      'This password is too common or easy to guess. Please choose another.',
    );
  }
  expect(passwordProblem('correct horse battery staple', passwordScore)).toBeNull();
});
