/**
 * A refusal the API answers: its status, the stable code clients read (`error` in the body) and the
 * sentence people read (`message`). Each is written once, in this folder, by domain; the server
 * throws it, the mock API answers it and the web app compares or shows it.
 */
export type Refusal = { readonly status: number; readonly code: string; readonly message: string };

/** A payment, telephony or mail provider failed: always 502 `provider_error`. */
export type ProviderRefusal = Refusal & { readonly status: 502; readonly code: 'provider_error' };

export const providerRefusal = (message: string): ProviderRefusal => ({
  status: 502,
  code: 'provider_error',
  message,
});

/** A domain's refusals: fixed ones, and those whose sentence takes a figure or a rule's words. */
export type Refusals = Record<string, Refusal | ((...args: never) => Refusal)>;

/**
 * A refusal whose sentence takes a figure or a rule's words; its status and code are read without one
 * (`authRefusals.weakPassword.code`).
 */
export const refusalWith = <S extends number, C extends string, A extends unknown[]>(
  status: S,
  code: C,
  sentence: (...args: A) => string,
) => Object.assign((...args: A) => ({ status, code, message: sentence(...args) }), { status, code });
