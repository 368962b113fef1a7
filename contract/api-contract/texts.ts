import type { ContractDriver } from '../driver';
import { forwardedLine } from './helpers';

export function textCases(api: ContractDriver, driver: ContractDriver) {
  describe('texts to a business number', () => {
    it("lists the number's texts newest first, its own only; none before any arrives", async () => {
      const line = await forwardedLine(api);
      const other = await forwardedLine(api);
      const list = (token: string) => api.request('GET', '/dashboard/texts', { token });
      expect(await list(line.token)).toEqual({ status: 200, body: { texts: [] } });
      await driver.receiveText(line.number, '+13125550170', 'Are you open on Sunday?');
      await driver.receiveText(line.number, '+13125550171', 'Call me back please');
      await driver.receiveText(other.number, '+13125550172', 'Not yours');
      const { status, body } = await list(line.token);
      expect(status).toBe(200);
      expect((body as { texts: object[] }).texts).toEqual([
        expect.objectContaining({
          from_number: '+13125550171',
          to_number: line.number,
          body: 'Call me back please',
        }),
        expect.objectContaining({
          from_number: '+13125550170',
          to_number: line.number,
          body: 'Are you open on Sunday?',
        }),
      ]);
    });

    it('answers 401 signed out', async () => {
      const { status } = await api.request('GET', '/dashboard/texts');
      expect(status).toBe(401);
    });
  });
}
