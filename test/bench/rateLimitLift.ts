/**
 * Benchmarks that drive one user in bulk (16 clients at full speed, 500 posts at once) measure
 * the API's capacity, not a person: they lift the per-user limit for their run (the limiter
 * reads it on each request) and put it back after. `npm run bench -- abuse` measures the limit.
 */
export function liftUserRateLimit(): () => void {
  const before = process.env['ONECLICK_RATE_LIMIT_USER'];
  process.env['ONECLICK_RATE_LIMIT_USER'] = '1000000/1';
  return () => {
    if (before === undefined) delete process.env['ONECLICK_RATE_LIMIT_USER'];
    else process.env['ONECLICK_RATE_LIMIT_USER'] = before;
  };
}
