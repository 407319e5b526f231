import * as z from '../zod';

/**
 * Zod's global settings. Validation messages in plain words, for every schema that does not give its own: zod's
 * defaults ("Invalid input: expected string, received undefined") are for developers. Installed
 * once, globally, by importing this module (the route table does), so the API and the front end
 * say the same thing.
 */
const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object with fields',
  date: 'a date',
  null: 'empty (null)',
};

const formatWords: Record<string, string> = {
  datetime: 'a date and time with its offset, like 2026-11-22T14:30:00Z',
  date: 'a date like 2026-11-22',
  email: 'an e-mail address',
  url: 'a web address (https://…)',
  uuid: 'an identifier (UUID)',
  regex: 'in the expected format',
};

function sizeWords(origin: string, limit: number | bigint, most: boolean): string {
  const bound = most ? 'at most' : 'at least';
  if (origin === 'string') return most ? `Too long: ${bound} ${limit} characters.` : Number(limit) === 1 ? 'Must not be empty.' : `Too short: ${bound} ${limit} characters.`;
  if (origin === 'array' || origin === 'set') return most ? `Too many items: ${bound} ${limit}.` : `Needs ${bound} ${limit} item${Number(limit) === 1 ? '' : 's'}.`;
  return `Must be ${bound} ${limit}.`;
}

export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required.' : `Must be ${expectedWords[issue.expected] ?? issue.expected}.`;
    case 'too_big':
      return sizeWords(issue.origin, issue.maximum, true);
    case 'too_small':
      return sizeWords(issue.origin, issue.minimum, false);
    case 'invalid_format':
      return `Must be ${formatWords[issue.format] ?? `in the ${issue.format} format`}.`;
    case 'invalid_value':
      return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'Not a valid value.';
    default:
      return undefined;
  }
}

// jitless: zod would otherwise probe for eval (`Function('')`) at its first parse, which the
// app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') reports as a violation.
z.config({ customError: plainMessage, jitless: true });
