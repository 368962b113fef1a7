import { e164Pattern, friendlyName, isValidAreaCode, parseNanp } from './us-numbers';

// The shapes of US numbers the search, the API schemas and the forms accept.

describe('an area code a search accepts', () => {
  it.each(['200', '201', '210', '212', '512', '998', '899'])('accepts %s', (code) => {
    expect(isValidAreaCode(code)).toBe(true);
  });
  it.each(['199', '100', '012', '211', '311', '911', '999', '51', '5120', ' 512', '512 ', '5a2', '51a'])(
    'refuses %p',
    (code) => {
      expect(isValidAreaCode(code)).toBe(false);
    },
  );
});

describe('an E.164 number the API schemas accept', () => {
  const e164 = new RegExp(e164Pattern);
  it.each(['+15125550100', '+12', '+447911123456', '+123456789012345'])('accepts %s', (number) => {
    expect(e164.test(number)).toBe(true);
  });
  it.each(['+1', '+05125550100', '15125550100', '+1234567890123456', '+1512555010a', 'x+15125550100'])(
    'refuses %p',
    (number) => {
      expect(e164.test(number)).toBe(false);
    },
  );
});

it('splits a +1 number into area code, exchange and line', () => {
  expect(parseNanp('+15125550100')).toEqual({ areaCode: '512', exchange: '555', line: '0100' });
});

it.each(['+1512555010', '+151255501000', '15125550100', '+25125550100', 'x+15125550100', '+1512555010x'])(
  'finds no +1 number in %p',
  (number) => {
    expect(parseNanp(number)).toBeNull();
  },
);

it('writes a number as the onboarding list shows it', () => {
  expect(friendlyName('+15125550100')).toBe('(512) 555-0100');
});
