import { platformNames, type Platform } from '../../shared/platforms';
import type { Clock } from '../clock';
import { AuthExpired, RateLimited, Rejected } from '../platforms/errors';
import type { MetricsReaders } from '../platforms/module';
import { engagementOf, FIRST_TWO_DAYS_MS, nextRefreshAt } from './analytics';
import type { ConnectionStore } from './connectionStore';
import type { MetricsStore, TrackedTarget } from './metricsStore';
import type { TokenFreshness } from './tokenFreshness';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A connection that needs the user is looked at again this often (it may have been reconnected). */
const PAUSED_RETRY_MS = 6 * HOUR_MS;
/** Without a reset time from the platform, a rate-limited read waits this long. */
const DEFAULT_RATE_WAIT_MS = 15 * MINUTE_MS;
const RETRY_WAIT_MS = 15 * MINUTE_MS;
const REJECTED_WAIT_MS = 24 * HOUR_MS;

export interface MetricsRefreshReport {
  /** Targets whose numbers were read and stored as a snapshot. */
  read: number;
  /** Calls made to the platforms' metrics endpoints (batches). */
  calls: number;
  /** Left for later: rate limited, the platform unavailable, or this run's budget spent. */
  deferred: number;
  /** Connections marked needs_reconnect (a revoked or dead grant). */
  needsReconnect: number;
  /** Targets whose platform does not share numbers for this grant. */
  unavailable: number;
  /** Targets past the tracking window (their last numbers stay). */
  finished: number;
}

export interface MetricsRefreshDeps {
  store: MetricsStore;
  connections: ConnectionStore;
  freshness: TokenFreshness;
  readers: MetricsReaders;
  clock: Clock;
}

/**
 * The scheduled job's work: reads the numbers of the targets that are due, connection by
 * connection, in each platform's batches, within each reader's per-run call budget. A rate limit
 * defers the batch to the platform's reset time and stops calling that platform for the rest of
 * the run; a dead grant marks the connection needs_reconnect and pauses its targets. Nothing read
 * before is ever removed.
 */
export function createMetricsRefresh({ store, connections, freshness, readers, clock }: MetricsRefreshDeps) {
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  return {
    async refreshDue(): Promise<MetricsRefreshReport> {
      const report: MetricsRefreshReport = { read: 0, calls: 0, deferred: 0, needsReconnect: 0, unavailable: 0, finished: 0 };
      const due = await store.listDue(clock.now());
      const groups = new Map<string, TrackedTarget[]>();
      for (const target of due) {
        const key = `${target.userId}\n${target.connectionId}`;
        groups.set(key, [...(groups.get(key) ?? []), target]);
      }
      const callsLeft = new Map<Platform, number>();
      const limited = new Set<Platform>();
      const appWideUntil = new Map<Platform, Date>();

      for (const targets of groups.values()) {
        const { platform, userId, connectionId } = targets[0]!;
        const name = platformNames[platform];
        const reader = readers[platform];
        if (!reader) {
          for (const target of targets) await store.defer(target, later(REJECTED_WAIT_MS), { note: `${name} is not configured on this deployment.` });
          report.deferred += targets.length;
          continue;
        }
        // Past the tracking window: the last numbers stay, no more reads.
        const current: TrackedTarget[] = [];
        for (const target of targets) {
          if (nextRefreshAt(new Date(target.publishedAt), clock.now(), target.platform) === undefined && target.lastRefreshedAt) {
            await store.defer(target, undefined, { state: 'finished' });
            report.finished++;
          } else current.push(target);
        }
        if (current.length === 0) continue;
        if (limited.has(platform)) {
          // An app-wide limit holds for every account: wait for its reset too. A per-account one
          // leaves the others due for the next run.
          const until = appWideUntil.get(platform);
          if (until) {
            for (const target of current) await store.defer(target, until);
            report.deferred += current.length;
          }
          continue;
        }

        const connection = await connections.get(userId, connectionId);
        if (!connection || connection.status !== 'connected') {
          const note = connection?.reconnectReason ?? `Reconnect your ${name} account to keep its numbers up to date.`;
          for (const target of current) await store.defer(target, later(PAUSED_RETRY_MS), { state: 'paused', note });
          report.deferred += current.length;
          continue;
        }
        let tokens;
        try {
          tokens = await freshness.freshTokens(connection);
        } catch (error) {
          if (!(error instanceof AuthExpired)) {
            for (const target of current) await store.defer(target, later(RETRY_WAIT_MS));
            report.deferred += current.length;
            continue;
          }
          // freshTokens has marked the connection needs_reconnect.
          for (const target of current) await store.defer(target, later(PAUSED_RETRY_MS), { state: 'paused', note: error.message });
          report.needsReconnect++;
          continue;
        }
        const availability = reader.availability(tokens);
        if (!availability.available) {
          for (const target of current) await store.defer(target, later(24 * HOUR_MS), { state: 'unavailable', note: availability.reason });
          report.unavailable += current.length;
          continue;
        }

        for (let index = 0; index < current.length; index += reader.batchSize) {
          const batch = current.slice(index, index + reader.batchSize);
          const cost = reader.batchSize === 1 ? batch.length : 1;
          const left = callsLeft.get(platform) ?? reader.callsPerRun;
          if (left < cost || limited.has(platform)) break; // the rest stays due for the next run
          callsLeft.set(platform, left - cost);
          report.calls += cost;
          try {
            const ids = batch.map((target) => target.platformPostId);
            let read;
            try {
              read = await reader.read(tokens, ids);
            } catch (error) {
              // Refused before its stored expiry: one refresh under the lease, one more read.
              if (!(error instanceof AuthExpired)) throw error;
              const latest = (await connections.get(userId, connectionId)) ?? connection;
              const refreshed = await freshness.refreshAfterRefusal(latest, tokens);
              if (!refreshed) throw error;
              tokens = refreshed;
              read = await reader.read(tokens, ids);
            }
            for (const target of batch) {
              const metrics = read[target.platformPostId];
              if (!metrics) {
                // Deleted, private, or not yet public: asked again on the schedule, until the window ends.
                const next = nextRefreshAt(new Date(target.publishedAt), clock.now(), target.platform);
                await store.defer(target, next, next ? { note: `${name} did not return numbers for this post.` } : { state: 'finished', note: `${name} did not return numbers for this post.` });
                if (!next) report.finished++;
                continue;
              }
              const now = clock.now();
              const age = now.getTime() - new Date(target.publishedAt).getTime();
              const firstTwoDays = !target.firstTwoDays && age >= FIRST_TWO_DAYS_MS && age < 2 * FIRST_TWO_DAYS_MS
                ? { engagement: engagementOf(metrics) ?? 0, ...(metrics.views !== undefined ? { views: metrics.views } : {}) }
                : undefined;
              await store.recordReading(target, metrics, nextRefreshAt(new Date(target.publishedAt), now, target.platform), firstTwoDays);
              report.read++;
            }
          } catch (error) {
            const rest = current.slice(index);
            if (error instanceof RateLimited) {
              // Never hammer: nothing of this platform is read again before its reset.
              limited.add(platform);
              const until = error.resetAt && error.resetAt > clock.now() ? error.resetAt : later(DEFAULT_RATE_WAIT_MS);
              if (reader.appWideLimit) appWideUntil.set(platform, until);
              for (const target of rest) await store.defer(target, until);
              report.deferred += rest.length;
            } else if (error instanceof AuthExpired) {
              const latest = (await connections.get(userId, connectionId)) ?? connection;
              await connections.markNeedsReconnect(latest, error.message);
              for (const target of rest) await store.defer(target, later(PAUSED_RETRY_MS), { state: 'paused', note: error.message });
              report.needsReconnect++;
            } else if (error instanceof Rejected) {
              for (const target of rest) await store.defer(target, later(REJECTED_WAIT_MS), { note: error.message });
              report.deferred += rest.length;
            } else {
              // Retryable, or anything unexpected: try again in a while.
              for (const target of rest) await store.defer(target, later(RETRY_WAIT_MS));
              report.deferred += rest.length;
            }
            break;
          }
        }
      }
      return report;
    },
  };
}

export type MetricsRefresh = ReturnType<typeof createMetricsRefresh>;
