import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { OPERATOR_SERVICE, operatorMetricNames } from '../../functions/observability/operatorMetrics';
import { platformSchema } from './monitoring';

export interface DashboardProps {
  readonly stateMachine: sfn.StateMachine;
  readonly httpApi: apigw.HttpApi;
}

/** A graph of one Metrics Insights query (one line per platform), so a new platform needs no new widget. */
function perPlatform(title: string, statistic: 'SUM' | 'AVG' | 'MAX', metric: string, period: Duration, unit?: string): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({
    title,
    width: 8,
    left: [new cloudwatch.MathExpression({ expression: `SELECT ${statistic}(${metric}) FROM ${platformSchema} WHERE service = '${OPERATOR_SERVICE}' GROUP BY Platform`, usingMetrics: {}, period, label: '' })],
    ...(unit ? { leftYAxis: { label: unit, showUnits: false } } : {}),
  });
}

/**
 * The operator's one dashboard (issue 28): what was published and what failed (and why), how
 * late, what the platforms billed, what is waiting, per platform; the API's errors and latency; the state
 * machine's executions. CloudWatch's first three dashboards (up to 50 metrics each) are free.
 */
export class OperatorDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const hour = Duration.hours(1);
    const five = Duration.minutes(5);
    const api = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.httpApi.apiId }, statistic, period: five });
    const sfnMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/States', metricName, dimensionsMap: { StateMachineArn: props.stateMachine.stateMachineArn }, statistic: 'Sum', period: five, label: metricName });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(7) });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({ markdown: '# OneClick\nPublishing per platform (custom metrics from the finalize step), the API, the PublishPost state machine. Alarms: docs/operations.md.', width: 24, height: 2 }),
    );
    this.dashboard.addWidgets(
      perPlatform('Targets published', 'SUM', operatorMetricNames.published, hour),
      perPlatform('Targets failed', 'SUM', operatorMetricNames.failed, hour),
      perPlatform('Failure rate (0–1)', 'AVG', operatorMetricNames.failureRate, hour),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Targets failed, by reason',
        width: 8,
        left: [new cloudwatch.MathExpression({ expression: `SELECT SUM(${operatorMetricNames.failed}) FROM SCHEMA("OneClick", Platform, Reason, service) GROUP BY Platform, Reason`, usingMetrics: {}, period: hour, label: '' })],
      }),
      perPlatform('Lateness, worst (seconds)', 'MAX', operatorMetricNames.lateness, hour, 'seconds'),
      perPlatform('Platform API spend (USD)', 'SUM', operatorMetricNames.spend, Duration.days(1), 'USD'),
    );
    this.dashboard.addWidgets(perPlatform('Targets waiting (scheduled, not yet due)', 'MAX', operatorMetricNames.waiting, hour));
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'API requests and errors', width: 8, left: [api('Count', 'Sum')], right: [api('4xx', 'Sum'), api('5xx', 'Sum')] }),
      new cloudwatch.GraphWidget({ title: 'API latency (ms)', width: 8, left: [api('Latency', 'p50'), api('Latency', 'p99')] }),
      new cloudwatch.GraphWidget({
        title: 'PublishPost executions',
        width: 8,
        left: [sfnMetric('ExecutionsStarted'), sfnMetric('ExecutionsSucceeded'), sfnMetric('ExecutionsFailed'), sfnMetric('ExecutionsTimedOut'), sfnMetric('ExecutionThrottled')],
      }),
    );
  }
}
