import { TooManyRequests } from '../../src/http/errors';

/** The 429 an action throws, or null when it is let through. */
export async function refusal(action: () => Promise<unknown>): Promise<TooManyRequests | null> {
  try {
    await action();
    return null;
  } catch (error) {
    if (error instanceof TooManyRequests) return error;
    throw error;
  }
}
