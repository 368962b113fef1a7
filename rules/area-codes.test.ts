import { FOREIGN_AREA_CODES, TERRITORY_AREA_CODES, TOLL_FREE, US_AREA_CODES } from './area-codes';
import { destinationProblem } from './destinations';
import { isValidAreaCode } from './us-numbers';

// The +1 area code tables: each code is a real 3-digit code in one place only, so a number is rated
// (and refused or rung) by where it really is.

const tables = { US_AREA_CODES, TERRITORY_AREA_CODES, FOREIGN_AREA_CODES };

it.each(Object.entries(tables))('%s holds only valid 3-digit area codes', (_, table) => {
  const invalid = [...table.keys()].filter((code) => !isValidAreaCode(code));
  expect(invalid).toEqual([]);
});

it('puts each area code in one place only, and no toll-free code among them', () => {
  const all = [...US_AREA_CODES.keys(), ...TERRITORY_AREA_CODES.keys(), ...FOREIGN_AREA_CODES.keys()];
  expect(new Set(all).size).toBe(all.length);
  expect(all.filter((code) => TOLL_FREE.has(code) || code === '900')).toEqual([]);
});

it('has the 50 states and DC, the 5 inhabited US territories and 19 other NANP countries', () => {
  expect(new Set(US_AREA_CODES.values()).size).toBe(51);
  expect([...new Set(TERRITORY_AREA_CODES.values())].sort()).toEqual([
    'American Samoa',
    'Guam',
    'Puerto Rico',
    'the Northern Mariana Islands',
    'the US Virgin Islands',
  ]);
  expect(new Set(FOREIGN_AREA_CODES.values()).size).toBe(19);
});

it('rings every US area code and every toll-free code at domestic rates', () => {
  const codes = [...US_AREA_CODES.keys(), ...TOLL_FREE];
  expect(codes.filter((code) => destinationProblem(`+1${code}5550100`) !== null)).toEqual([]);
});

it('knows the seven toll-free codes', () => {
  expect([...TOLL_FREE].sort()).toEqual(['800', '833', '844', '855', '866', '877', '888']);
});

it.each([
  ['212', 'New York'],
  ['202', 'District of Columbia'],
  ['907', 'Alaska'],
  ['808', 'Hawaii'],
  ['512', 'Texas'],
  ['415', 'California'],
  ['949', 'California'],
])('places %s in %s', (code, place) => {
  expect(US_AREA_CODES.get(code)).toBe(place);
});

it.each([
  ['416', 'Canada'],
  ['604', 'Canada'],
  ['905', 'Canada'],
])('refuses %s as a number in %s', (code, place) => {
  expect(destinationProblem(`+1${code}5550100`)).toBe(
    `+1 ${code} numbers are in ${place}; Forwardly calls and forwards to US numbers only.`,
  );
});
