import type { renderApp } from './renderApp';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** Test helper: puts a whole value in a field with one input event, as a paste does; typing it key by key is
 * slow on a shared machine and these tests are not about keystrokes. */
export const enterText = async (user: User, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};
