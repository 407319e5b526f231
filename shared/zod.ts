/**
 * zod, by name. Code imports `* as z from './zod'` (the same `z.string()` as ever) instead of
 * `{ z } from 'zod'`: zod's `z` object holds every locale and the JSON Schema converters, and a
 * bundler must keep all of it (443 KiB minified in each Lambda); named imports keep only the
 * builders used. Add a name here when code needs one.
 */
export { array, boolean, coerce, config, discriminatedUnion, email, enum, iso, literal, looseObject, number, object, partialRecord, record, string, toJSONSchema, undefined, union, unknown, url, uuid, ZodError, ZodType } from 'zod';
export type { core, infer, RefinementCtx } from 'zod';
