import { z } from 'zod';
import { bucketEnvName, buckets, type BucketKey } from '../shared/resources/buckets';
import { ConfigurationError } from './config';

/** Bucket names from BUCKET_<NAME>, read once at cold start, failing fast with the variable's name. */
export function readBucketNames<K extends BucketKey>(env: NodeJS.ProcessEnv, keys: readonly K[]): Record<K, string> {
  const names = {} as Record<K, string>;
  for (const key of keys) {
    const variable = bucketEnvName(key);
    const parsed = z.string().trim().min(1).safeParse(env[variable]);
    if (!parsed.success) throw new ConfigurationError(`Missing configuration: ${variable} (the ${buckets[key].name} bucket name)`);
    names[key] = parsed.data;
  }
  return names;
}
