/**
 * What the offline twin did that AWS would bill: Lambda invocations with their durations (per
 * function), Step Functions state transitions, API requests. The cost benchmark resets it, runs
 * a workload and prices the counts (test/bench/cost.ts). Counting is always on and costs a
 * few additions per request.
 */
export interface InvocationTotals {
  count: number;
  totalMs: number;
}

export interface UsageSnapshot {
  /** Requests per route key ("GET /posts/{postId}"). */
  apiRequests: Record<string, number>;
  /** Standard workflow (PublishPost) state transitions, retries included. */
  stateTransitions: number;
  /** Express workflow (FollowUp) executions and their total duration. */
  express: InvocationTotals;
  invocations: Record<string, InvocationTotals>;
}

function createUsageMeter() {
  let snapshot: UsageSnapshot = { apiRequests: {}, stateTransitions: 0, express: { count: 0, totalMs: 0 }, invocations: {} };
  return {
    apiRequest(routeKey: string): void {
      snapshot.apiRequests[routeKey] = (snapshot.apiRequests[routeKey] ?? 0) + 1;
    },
    stateTransitions(count = 1): void {
      snapshot.stateTransitions += count;
    },
    expressExecution(ms: number): void {
      snapshot.express.count += 1;
      snapshot.express.totalMs += ms;
    },
    /** One run of a Lambda handler; `fn` names the deployed function (api:<group>:<route key>, publisher:<platform>, finalize, job:<name>). */
    invocation(fn: string, ms: number): void {
      const totals = (snapshot.invocations[fn] ??= { count: 0, totalMs: 0 });
      totals.count += 1;
      totals.totalMs += ms;
    },
    read(): UsageSnapshot {
      return structuredClone(snapshot);
    },
    reset(): void {
      snapshot = { apiRequests: {}, stateTransitions: 0, express: { count: 0, totalMs: 0 }, invocations: {} };
    },
  };
}

export const usage = createUsageMeter();
