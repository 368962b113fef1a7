import {
  areaCodeProblem,
  businessNumberProblem,
  destinationProblem,
  OWN_NUMBER_PROBLEM,
} from './destinations';

// Where Forwardly may ring a phone (forwarding, click-to-call, the voice webhook's dial) and which
// area codes it sells numbers in: the sentences people see when a number is refused.

describe('the destination policy', () => {
  it.each([
    ['+18765550100', '+1 876 numbers are in Jamaica; Forwardly calls and forwards to US numbers only.'],
    [
      '+18095550100',
      '+1 809 numbers are in the Dominican Republic; Forwardly calls and forwards to US numbers only.',
    ],
    [
      '+12845550100',
      '+1 284 numbers are in the British Virgin Islands; Forwardly calls and forwards to US numbers only.',
    ],
    ['+14735550100', '+1 473 numbers are in Grenada; Forwardly calls and forwards to US numbers only.'],
    [
      '+16495550100',
      '+1 649 numbers are in the Turks and Caicos Islands; Forwardly calls and forwards to US numbers only.',
    ],
    [
      '+12685550100',
      '+1 268 numbers are in Antigua and Barbuda; Forwardly calls and forwards to US numbers only.',
    ],
    ['+14165550100', '+1 416 numbers are in Canada; Forwardly calls and forwards to US numbers only.'],
    ['+19005550100', '+1 900 numbers are premium-rate lines; Forwardly does not call or forward to them.'],
    [
      '+12129761234',
      'Numbers in the 976 exchange are premium-rate lines; Forwardly does not call or forward to them.',
    ],
    [
      '+447911123456',
      'International numbers cannot be called or forwarded to; Forwardly calls and forwards to US numbers only.',
    ],
  ])('refuses %s by name', (number, sentence) => {
    expect(destinationProblem(number)).toBe(sentence);
  });

  it.each(['+19115550100', '+14115550100', '+12129111234', '+13124111234'])(
    'refuses the N11 code in %s',
    (n) => {
      expect(destinationProblem(n)).toMatch(/^Service codes such as 911 and 411/);
    },
  );

  it('refuses US territories, which carriers rate as international', () => {
    expect(destinationProblem('+17875550100')).toMatch(/^\+1 787 numbers are in Puerto Rico, which carriers/);
    expect(destinationProblem('+16715550100')).toMatch(/Guam/);
  });

  it('refuses area codes that are not in service in the US, and malformed numbers', () => {
    expect(destinationProblem('+15005550100')).toMatch(/^500 is not a US area code in service/);
    expect(destinationProblem('+1512555010')).toBe('Please enter a 10-digit US phone number.');
    expect(destinationProblem('+15120551234')).toBe('Please enter a valid 10-digit US phone number.');
  });

  it.each(['+12125550100', '+15125550100', '+12025550100', '+19075550100', '+18085550100', '+18005550100'])(
    'accepts the US number %s (states, DC, Alaska, Hawaii, toll-free)',
    (number) => expect(destinationProblem(number)).toBeNull(),
  );
});

describe('the exchange (the 3 digits after the area code)', () => {
  it.each([
    ['+12120001234', 'Please enter a valid 10-digit US phone number.'],
    ['+12121991234', 'Please enter a valid 10-digit US phone number.'],
    ['+12129751234', null],
    ['+12129771234', null],
    ['+12122001234', null],
    ['+12122101234', null],
    [
      '+12123111234',
      'Service codes such as 911 and 411 cannot be called or forwarded to; for an emergency, dial 911 from your own phone.',
    ],
    ['+12121111234', 'Please enter a valid 10-digit US phone number.'],
  ])('%s: %p', (number, problem) => {
    expect(destinationProblem(number)).toBe(problem);
  });
});

describe('numbers that are not 10-digit +1 numbers', () => {
  it.each([
    ['5125550100', 'Please enter a 10-digit US phone number.'],
    ['+15125550100 ', 'Please enter a 10-digit US phone number.'],
    ['+151255501000', 'Please enter a 10-digit US phone number.'],
    ['+1512555o100', 'Please enter a 10-digit US phone number.'],
    ['1+15125550100', 'Please enter a 10-digit US phone number.'],
    ['+1', 'Please enter a 10-digit US phone number.'],
    [
      '+33612345678',
      'International numbers cannot be called or forwarded to; Forwardly calls and forwards to US numbers only.',
    ],
  ])('%p: %p', (number, problem) => {
    expect(destinationProblem(number)).toBe(problem);
  });
});

it('names each US territory in full', () => {
  expect(destinationProblem('+17875550100')).toBe(
    '+1 787 numbers are in Puerto Rico, which carriers rate as international; Forwardly calls and forwards to the 50 states and DC only.',
  );
  expect(destinationProblem('+13405550100')).toMatch(/^\+1 340 numbers are in the US Virgin Islands,/);
});

it('refuses an area code not in service with its sentence in full', () => {
  expect(destinationProblem('+15005550100')).toBe(
    '500 is not a US area code in service; Forwardly calls and forwards to US numbers only.',
  );
});

describe('the area codes a number search offers', () => {
  it.each([
    ['512', null],
    ['200', null],
    ['998', null],
    ['210', null],
    ['212', null],
    ['51', 'Please enter a valid 3-digit US area code.'],
    ['5120', 'Please enter a valid 3-digit US area code.'],
    ['199', 'Please enter a valid 3-digit US area code.'],
    ['911', 'Please enter a valid 3-digit US area code.'],
    ['999', 'Please enter a valid 3-digit US area code.'],
    ['416', 'Area code 416 is in Canada; Forwardly has US numbers only.'],
    ['876', 'Area code 876 is in Jamaica; Forwardly has US numbers only.'],
    ['787', 'Area code 787 is in Puerto Rico; Forwardly has US numbers only.'],
    ['800', '800 is a toll-free code; Forwardly has local US numbers only.'],
    ['888', '888 is a toll-free code; Forwardly has local US numbers only.'],
    ['900', '900 is a premium-rate code; Forwardly has local US numbers only.'],
  ])('%p: %p', (areaCode, problem) => {
    expect(areaCodeProblem(areaCode)).toBe(problem);
  });

  it('refuses the same numbers again when one is bought', () => {
    expect(businessNumberProblem('+15125550100')).toBeNull();
    expect(businessNumberProblem('+18005550100')).toBe(
      '800 is a toll-free code; Forwardly has local US numbers only.',
    );
    expect(businessNumberProblem('+19005550100')).toBe(
      '900 is a premium-rate code; Forwardly has local US numbers only.',
    );
    expect(businessNumberProblem('+18095550100')).toBe(
      'Area code 809 is in the Dominican Republic; Forwardly has US numbers only.',
    );
    expect(businessNumberProblem('+445125550100')).toBe('Please enter a valid 3-digit US area code.');
  });
});

it('tells why our own numbers cannot be a destination', () => {
  expect(OWN_NUMBER_PROBLEM).toBe(
    'This is a Forwardly business number; forward and call to an outside phone so calls cannot loop.',
  );
});
