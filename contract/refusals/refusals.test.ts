import { accountRefusals } from './account';
import { authRefusals } from './auth';
import { billingRefusals } from './billing';
import { callRefusals } from './calls';
import { httpRefusals } from './http';
import { numberRefusals } from './numbers';
import { providerRefusals } from './providers';
import type { Refusal, Refusals } from './refusal';
import { sandboxRefusals } from './sandbox';

const catalogue: Record<string, Refusals> = {
  accountRefusals,
  authRefusals,
  billingRefusals,
  callRefusals,
  httpRefusals,
  numberRefusals,
  providerRefusals,
  sandboxRefusals,
};

// A refusal whose sentence takes words is checked with a stand-in for them.
const entries = Object.entries(catalogue).flatMap(([domain, refusals]) =>
  Object.entries(refusals).map(([name, refusal]) => ({
    name: `${domain}.${name}`,
    ...(typeof refusal === 'function' ? (refusal as (words: string) => Refusal)('…') : refusal),
  })),
);

// The spec fixes no server sentence ("Server-side error bodies: not shown"), so the catalogue answers
// to its own rules: each refusal written once, each an error status with a code and a sentence.
describe('the refusal catalogue', () => {
  it('holds each refusal once', () => {
    const seen = new Map<string, string>();
    for (const { name, status, code, message } of entries) {
      const key = `${status} ${code} ${message}`;
      expect({ name, sameAs: seen.get(key) }).toEqual({ name, sameAs: undefined });
      seen.set(key, name);
    }
  });

  it.each(entries)('$name is an error status, a code and a sentence', ({ status, code, message }) => {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    // The stand-in alone is a sentence a rule of rules/ writes.
    expect(message).toMatch(/^([A-Z].*\.|…)$/);
  });
});
