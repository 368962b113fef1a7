import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { FORMATS } from '../../../contract/fields';

type BuildValidator = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];
type Options = { customOptions?: Record<string, unknown> };

/**
 * Fastify's ajv coerces types everywhere by default: ['x'] becomes 'x', 1 becomes '1'. A JSON or
 * form body's types must be exact, so bodies are checked without coercion; a query string, path
 * or header is text by nature, so numbers are still read from it (arrays never become scalars).
 * Unknown fields are refused (removeAdditional off) wherever a schema says additionalProperties:
 * false, rather than silently dropped. Our own formats (contract/fields.ts) join ajv-formats'.
 */
export function strictValidators(): BuildValidator {
  const fromPool = AjvCompiler();
  return ((externalSchemas: never, options: Options = {}) => {
    const build = (coerceTypes: boolean) =>
      fromPool(externalSchemas, {
        ...options,
        customOptions: { ...options.customOptions, coerceTypes, removeAdditional: false, formats: FORMATS },
      }) as unknown as FastifySchemaCompiler<unknown>;
    const exact = build(false);
    const coercing = build(true);
    return ((route) =>
      (route.httpPart === 'body' ? exact : coercing)(route)) as FastifySchemaCompiler<unknown>;
  }) as unknown as BuildValidator;
}
