import { createAnalyticsReports, type AnalyticsReports } from '../services/analyticsReports';
import { metricsStore } from './metrics';
import { postStore } from './postStore';
import { clock } from './shared';

let reports: AnalyticsReports | undefined;
/** The analytics API's answers (the metrics and posts tables). */
export function analyticsReports(): AnalyticsReports {
  return (reports ??= createAnalyticsReports({ metrics: metricsStore(), posts: postStore(), clock }));
}
