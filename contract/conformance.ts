import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { ANSWERS } from './answers';
import type { ContractDriver } from './driver';

const ajv = addFormats(new Ajv({ allErrors: true }));
const validators = new Map(Object.entries(ANSWERS).map(([route, schema]) => [route, ajv.compile(schema)]));

// A call's id in a path is its route's `:id`.
const routeOf = (method: string, path: string) =>
  `${method} ${path.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}$/i, '/:id')}`;

/** The driver, with every success answer checked against the contract's schema of its route. */
export function conforming(api: ContractDriver): ContractDriver {
  return {
    ...api,
    async request(method, path, options) {
      const response = await api.request(method, path, options);
      const validate = validators.get(routeOf(method, path));
      if (validate && response.status < 300 && !validate(response.body)) {
        throw new Error(
          `${method} ${path} answered ${JSON.stringify(response.body)}, which breaks the contract: ` +
            ajv.errorsText(validate.errors),
        );
      }
      return response;
    },
  };
}
