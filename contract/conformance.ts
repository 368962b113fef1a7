import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { ContractDriver } from './driver';
import { errorBodySchema } from './errors';
import type { Endpoint } from './endpoint';
import { ENDPOINTS } from './routes';

const ajv = addFormats(new Ajv({ allErrors: true }));
// Each route as a pattern of its path (a `:param` is any one segment), with its answer's validator.
const routes = ENDPOINTS.flatMap(({ method, path, answer }: Endpoint) => {
  const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '[^/]+')}$`);
  return answer ? [{ method, pattern, validate: ajv.compile(answer) }] : [];
});

const validateError = ajv.compile(errorBodySchema);

// A redirect has no body to check.
function validatorOf(method: string, path: string, status: number) {
  if (status >= 400) return validateError;
  if (status >= 300) return undefined;
  return routes.find((route) => route.method === method && route.pattern.test(path))?.validate;
}

/** The driver, with every success answer checked against the contract's schema of its route, and
 * every failure against the one error body. */
export function conforming(api: ContractDriver): ContractDriver {
  return {
    ...api,
    async request(method, path, options) {
      const response = await api.request(method, path, options);
      const validate = validatorOf(method, path, response.status);
      if (validate && !validate(response.body)) {
        throw new Error(
          `${method} ${path} answered ${JSON.stringify(response.body)}, which breaks the contract: ` +
            ajv.errorsText(validate.errors),
        );
      }
      return response;
    },
  };
}
