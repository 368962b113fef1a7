import { e164Pattern } from '../rules/us-numbers';
import { day, PRINTABLE, virtualNumber } from './fields';

/** One schema violation as Ajv reports it (the server's Fastify and the mock API both use Ajv). */
interface Violation {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * Turns the first schema violation of a request's part (`body`, `querystring`, `params`) into a
 * sentence a person can act on: the server's 400 message, and the mock API's.
 */
export function describeValidation(errors: Violation[], part: string): string {
  const [first] = errors;
  if (!first) return 'The request is not valid.';
  const params = first.params;
  const field = first.instancePath.split('/').filter(Boolean).join('.');
  const subject = field ? `The ${field} field` : (partNames[part] ?? `The ${part}`);
  switch (first.keyword) {
    case 'required':
      return `The ${String(params.missingProperty)} field is required.`;
    case 'type':
      return `${subject} must be ${article(String(params.type))}.`;
    case 'minLength':
      return params.limit === 1
        ? `${subject} must not be empty.`
        : `${subject} must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `${subject} must be at most ${String(params.limit)} characters long.`;
    case 'format':
      return `${subject} must be a valid ${formatNames[String(params.format)] ?? String(params.format)}.`;
    case 'minimum':
      return `${subject} must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `${subject} must be at most ${String(params.limit)}.`;
    case 'pattern':
      return `${subject} ${patternNames[String(params.pattern)] ?? 'is not valid'}.`;
    case 'additionalProperties':
      return `${partNames[part] ?? `The ${part}`} has an unknown field: ${String(params.additionalProperty)}.`;
    case 'enum':
      return `${subject} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    default:
      return `${subject} is not valid.`;
  }
}

const partNames: Record<string, string> = { body: 'The request body', querystring: 'The query string' };

const patternNames: Record<string, string> = {
  [PRINTABLE]: 'must not contain control characters',
  [day.pattern]: 'must be a date between 2000-01-01 and 2099-12-31',
  [e164Pattern]: 'must be a phone number in E.164 form, such as +15125550100',
  [virtualNumber.pattern]: 'must be a US number in E.164 form, such as +15125550100',
};

const formatNames: Record<string, string> = {
  email: 'email address',
  date: 'date (YYYY-MM-DD)',
  uri: 'URL',
  uuid: 'UUID',
  'time-zone': 'time zone name, such as America/Chicago',
};

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
