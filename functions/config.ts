import * as z from '../shared/zod';
import { tableEnvName, tables, type TableKey } from '../shared/resources/tables';
import { bucketEnvName, buckets, type BucketKey } from '../shared/resources/buckets';

/**
 * Configuration is read from the environment once, at cold start, and fails fast naming the
 * missing variable. The composition root (functions/composition/) passes the environment in;
 * nothing else reads it.
 */
export class ConfigurationError extends Error {}

const nonEmpty = z.string().trim().min(1);

export function readTableNames<K extends TableKey>(
  env: NodeJS.ProcessEnv,
  keys: readonly K[],
): Record<K, string> {
  const names = {} as Record<K, string>;
  for (const key of keys) {
    const variable = tableEnvName(key);
    const parsed = nonEmpty.safeParse(env[variable]);
    if (!parsed.success) {
      throw new ConfigurationError(`Missing configuration: ${variable} (the ${tables[key].name} table name)`);
    }
    names[key] = parsed.data;
  }
  return names;
}

/** Bucket names from BUCKET_<NAME>, read once at cold start, failing fast with the variable's name. */
export function readBucketNames<K extends BucketKey>(env: NodeJS.ProcessEnv, keys: readonly K[]): Record<K, string> {
  const names = {} as Record<K, string>;
  for (const key of keys) {
    const variable = bucketEnvName(key);
    const parsed = nonEmpty.safeParse(env[variable]);
    if (!parsed.success) throw new ConfigurationError(`Missing configuration: ${variable} (the ${buckets[key].name} bucket name)`);
    names[key] = parsed.data;
  }
  return names;
}
