import {
  areaCodeOf,
  formatDialInput,
  formatE164,
  formatForwardingInput,
  forwardingToE164,
  sanitizeAreaCode,
  toE164,
} from './phone';

test.each([
  ['', ''],
  ['5', '(5'],
  ['512', '(512'],
  ['5125', '(512) 5'],
  ['512555', '(512) 555'],
  ['5125550', '(512) 555-0'],
  ['5125550199', '(512) 555-0199'],
  ['15125550199', '(512) 555-0199'],
  ['(512) 555-019999', '(512) 555-0199'],
  ['abc512def', '(512'],
])('forwarding input %p shows %p', (input, shown) => {
  expect(formatForwardingInput(input)).toBe(shown);
});

test.each([
  ['5125550199', '(512) 555-0199'],
  ['15125550199', '+1 (512) 555-0199'],
  ['151255501999', '+1 (512) 555-0199'],
  ['512-555', '(512) 555'],
  ['+1 512 555 0199', '+1 (512) 555-0199'],
  ['512+4', '(512) 4'],
])('dialled %p shows %p', (input, shown) => {
  expect(formatDialInput(input)).toBe(shown);
});

// The dialler leaves these as typed: it says another country's number is not supported.
test.each(['+', ' + ', '+44 20 7946 0958', ' +44 20 7946 0958', '+ 44 20 7946 0958', '+0 123'])(
  'dialled %p is left as typed',
  (input) => {
    expect(formatDialInput(input)).toBe(input);
  },
);

test('area codes keep digits only, at most three', () => {
  expect(sanitizeAreaCode('5a1-29')).toBe('512');
});

test('the area code of a stored +1 number', () => {
  expect(areaCodeOf('+15125550199')).toBe('512');
  expect(areaCodeOf('')).toBe('');
  expect(areaCodeOf('+442079460958')).toBe('');
  expect(areaCodeOf('+1512555019')).toBe('');
  expect(areaCodeOf('+151255501990')).toBe('');
  expect(areaCodeOf('0+15125550199')).toBe('');
});

test.each([
  ['(512) 555-0199', '+15125550199'],
  ['+1 (512) 555-0199', '+15125550199'],
  ['44 20 7946 0958', '+442079460958'],
])('E.164 of %p is %p', (input, e164) => {
  expect(toE164(input)).toBe(e164);
});

test('forwarding numbers are sent as +1 and 10 digits unless they already start with +1', () => {
  expect(forwardingToE164('(512) 555-0199')).toBe('+15125550199');
  expect(forwardingToE164('+15125550199')).toBe('+15125550199');
  expect(forwardingToE164('1 (512) 555-0199')).toBe('+15125550199');
  expect(forwardingToE164('+1 (512) 555-0199')).toBe('+1 (512) 555-0199');
});

test('stored numbers display as (ddd) ddd-dddd', () => {
  expect(formatE164('+15125550199')).toBe('(512) 555-0199');
  expect(formatE164('5125550199')).toBe('(512) 555-0199');
  expect(formatE164('')).toBe('');
  expect(formatE164(null)).toBe('');
});

test.each(['+33123456789', '+442079460958', '+1512555', 'Anonymous'])(
  'a number that is not a US one, or not a number, is shown as it is: %p',
  (value) => {
    expect(formatE164(value)).toBe(value);
  },
);
