import type { FastifySchemaValidationError } from 'fastify';

// Turns the first schema violation into a sentence a person can act on.
export function describeValidation(errors: FastifySchemaValidationError[], part: string): string {
  const [first] = errors;
  if (!first) return 'The request is not valid.';
  const params = first.params as Record<string, unknown>;
  const field = first.instancePath.split('/').filter(Boolean).join('.');
  const subject = field ? `The ${field} field` : part === 'body' ? 'The request body' : `The ${part}`;
  switch (first.keyword) {
    case 'required':
      return `The ${String(params.missingProperty)} field is required.`;
    case 'type':
      return `${subject} must be ${article(String(params.type))}.`;
    case 'minLength':
      return `${subject} must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `${subject} must be at most ${String(params.limit)} characters long.`;
    case 'format':
      return `${subject} must be a valid ${formatNames[String(params.format)] ?? String(params.format)}.`;
    case 'minimum':
      return `${subject} must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `${subject} must be at most ${String(params.limit)}.`;
    case 'enum':
      return `${subject} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    default:
      return `${subject} is not valid.`;
  }
}

const formatNames: Record<string, string> = { email: 'email address', date: 'date (YYYY-MM-DD)', uri: 'URL' };

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
