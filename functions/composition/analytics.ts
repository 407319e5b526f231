import { createAnalyticsReports, type AnalyticsReports } from '../services/analyticsReports';
import { createPostExport, type PostExportService } from '../services/postExport';
import { metricsStore } from './metrics';
import { postStore } from './postStore';
import { clock } from './shared';

let reports: AnalyticsReports | undefined;
/** The analytics API's answers (the metrics and posts tables). */
export function analyticsReports(): AnalyticsReports {
  return (reports ??= createAnalyticsReports({ metrics: metricsStore(), posts: postStore(), clock }));
}

let exporter: PostExportService | undefined;
/** CSV export of the lists: the posts table's lists and the metrics table's latest numbers. */
export function postExport(): PostExportService {
  return (exporter ??= createPostExport({ posts: postStore(), metrics: metricsStore(), clock }));
}
