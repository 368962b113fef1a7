import { passwordProblem } from '@rules/passwords';

/**
 * Why a new password breaks the shared rules (rules/passwords.ts), or '' when it does not. The
 * strength estimate's word lists are loaded on first use, so no page carries them until a new
 * password is checked.
 */
export async function newPasswordProblem(password: string): Promise<string> {
  const { passwordScore } = await import('@rules/password-strength');
  return passwordProblem(password, passwordScore) ?? '';
}
