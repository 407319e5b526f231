import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { OneClickFunction } from './function';
import { POST_FINALIZED_LOG_MESSAGE } from '../../functions/logMessages';

/** The custom metric the finalize step's log feeds: targets that ended failed. */
export const publishFailuresMetric = { namespace: 'OneClick', name: 'FailedPublishTargets' } as const;


/** CloudWatch alarms on metric math take at most 10 metrics. */
const MAX_METRICS_PER_ALARM = 10;

export interface MonitoringProps {
  readonly stateMachine: sfn.StateMachine;
  /** The finalize step, whose log reports failed targets. */
  readonly finalize: OneClickFunction;
  readonly tables: Record<string, dynamodb.TableV2>;
  readonly httpApi: apigw.HttpApi;
  readonly deadLetterQueues: sqs.Queue[];
  /** Where alarm notifications go (context `alarmEmail`); without it, subscribe to the topic later. */
  readonly alarmEmail?: string;
}

/**
 * The alarms a user of the product would expect an operator to have: a publish that failed at
 * the engine (execution failed or timed out), a wave of targets failing at the platforms, any
 * Lambda error or throttle, API 5xx, DynamoDB throttling, and a scheduled job that could not run
 * (its event in a dead-letter queue). All notify one encrypted SNS topic. CloudWatch bills each
 * metric an alarm watches, so the alarms watch as few metrics as cover the cases.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const topicKey = new kms.Key(this, 'AlarmTopicKey', {
      description: 'Encrypts OneClick alarm notifications.',
      enableKeyRotation: true,
    });
    topicKey.grantEncryptDecrypt(new iam.ServicePrincipal('cloudwatch.amazonaws.com'));
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'OneClick alarms', masterKey: topicKey, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const period = Duration.minutes(5);
    const sfnMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/States', metricName, dimensionsMap: { StateMachineArn: props.stateMachine.stateMachineArn }, statistic: 'Sum', period });

    this.alarm('PublishExecutionsFailed', 'A PublishPost execution failed: a post may be left without a final status.', sfnMetric('ExecutionsFailed'), 1);
    this.alarm('PublishExecutionsTimedOut', 'A PublishPost execution timed out.', sfnMetric('ExecutionsTimedOut'), 1);
    this.alarm('PublishExecutionsThrottled', 'Step Functions throttled PublishPost executions.', sfnMetric('ExecutionThrottled'), 1);

    new logs.MetricFilter(this, 'FailedTargetsFilter', {
      logGroup: props.finalize.logGroup,
      filterPattern: logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.message', '=', POST_FINALIZED_LOG_MESSAGE),
        logs.FilterPattern.numberValue('$.failedTargets', '>', 0),
      ),
      metricNamespace: publishFailuresMetric.namespace,
      metricName: publishFailuresMetric.name,
      metricValue: '$.failedTargets',
      defaultValue: 0,
    });
    this.alarm(
      'FailedPublishTargets',
      'Five or more targets failed at the platforms within 15 minutes (an outage, a revoked app, a changed API).',
      new cloudwatch.Metric({ namespace: publishFailuresMetric.namespace, metricName: publishFailuresMetric.name, statistic: 'Sum', period: Duration.minutes(15) }),
      5,
    );

    // Account-wide Lambda metrics: OneClick is meant to have its own AWS account (one account
    // per workload), so they are OneClick's, and two alarm metrics cost less than one per function.
    const lambdaMetric = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, statistic: 'Sum', period });
    this.alarm('FunctionErrors', 'A Lambda function failed (an unhandled error, a timeout or out of memory).', lambdaMetric('Errors'), 1);
    this.alarm('FunctionThrottles', 'A Lambda function was throttled (the account\'s concurrency is exhausted).', lambdaMetric('Throttles'), 1);

    this.alarm(
      'Api5xx',
      'The API answered 5xx five times or more in 5 minutes.',
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: '5xx', dimensionsMap: { ApiId: props.httpApi.apiId }, statistic: 'Sum', period }),
      5,
    );

    chunks(Object.values(props.tables), MAX_METRICS_PER_ALARM).forEach((chunk, index) => {
      this.alarm(
        `TablesThrottled${index ? index + 1 : ''}`,
        'DynamoDB throttled requests to a OneClick table.',
        sumOf(chunk.map((table) => new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName: 'ThrottledRequests', dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period }))),
        1,
      );
    });

    props.deadLetterQueues.forEach((queue, index) => {
      this.alarm(`DeadLetters${index ? index + 1 : ''}`, 'A scheduled job could not be started: its event is in the dead-letter queue.', queue.metricApproximateNumberOfMessagesVisible({ period }), 1);
    });
  }

  private alarm(id: string, description: string, metric: cloudwatch.IMetric, threshold: number): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

function sumOf(metrics: cloudwatch.IMetric[]): cloudwatch.IMetric {
  if (metrics.length === 1) return metrics[0]!;
  const usingMetrics = Object.fromEntries(metrics.map((metric, index) => [`m${index}`, metric]));
  return new cloudwatch.MathExpression({ expression: Object.keys(usingMetrics).join(' + '), usingMetrics, period: Duration.minutes(5) });
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

