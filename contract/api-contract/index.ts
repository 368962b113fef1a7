import { conforming } from '../conformance';
import type { ContractDriver } from '../driver';
import { API_ROUTES } from '../routes';
import { accountCases } from './account';
import { authCases } from './auth';
import { billingCases } from './billing';
import { callCases } from './calls';
import { destinationCases } from './destinations';
import { numberCases } from './numbers';
import { passwordResetCases } from './password-reset';
import { requestCases } from './requests';
import { textCases } from './texts';

export { signIn } from './helpers';

// The API contract, run against the server (server/test/contract.test.ts) and the mock API
// (mocks/contract.test.ts): status codes, response shapes and error bodies as the web app relies on
// them. A case that passes on one and fails on the other is drift between the mocks and the server.
// The cases are written by domain, one file each.
export function apiContract(name: string, driver: ContractDriver) {
  const api = conforming(driver);
  describe(`API contract: ${name}`, () => {
    it('serves every route the web app calls', async () => {
      const served = await driver.routes();
      expect(API_ROUTES.filter((route) => !served.includes(route))).toEqual([]);
    });

    requestCases(api);
    authCases(api);
    passwordResetCases(api, driver);
    billingCases(api);
    accountCases(api);
    numberCases(api);
    destinationCases(api);
    textCases(api, driver);
    callCases(api);
  });
}
