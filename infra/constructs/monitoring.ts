import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { OPERATOR_NAMESPACE, OPERATOR_SERVICE, operatorMetricNames } from '../../functions/observability/operatorMetrics';

export interface MonitoringProps {
  readonly stateMachine: sfn.StateMachine;
  readonly httpApi: apigw.HttpApi;
  readonly deadLetterQueues: sqs.Queue[];
  /** The stack's one customer-managed key (the token key): it encrypts the alarm topic too. */
  readonly key: kms.Key;
  /** Where alarm notifications go (context `alarmEmail`); without it, subscribe to the topic later. */
  readonly alarmEmail?: string;
}

/** The Metrics Insights schema of the operator's per-platform metrics (Powertools adds the service dimension). */
export const platformSchema = `SCHEMA("${OPERATOR_NAMESPACE}", Platform, service)`;

/**
 * The alarms a user of the product would expect an operator to have: a publish that failed at
 * the engine (execution failed, timed out or throttled), a wave of targets failing at the
 * platforms, a platform failing most of its targets, any Lambda error or throttle, API 5xx,
 * DynamoDB throttling, and a scheduled job that could not run (its event in a dead-letter queue).
 * All notify one SNS topic encrypted with the stack's one customer-managed key. CloudWatch bills
 * each metric an alarm lists; the first 10 are free each month. So the alarms list 7 metrics
 * whose number does not grow with functions or tables (account-level Lambda metrics, one state
 * machine, one API, one queue), and what grows (tables, platforms) is watched by Metrics
 * Insights queries, billed per metric they analyze: none at idle (docs/decisions.md).
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // The topic's name is fixed so the key's policy can name it without a reference cycle.
    const topicName = `${stack.stackName}-alarms`;
    const topicArn = stack.formatArn({ service: 'sns', resource: topicName });
    // CloudWatch may use the key only for this topic's messages (SNS's encryption context), and
    // only for this account's alarms: the tokens it encrypts have contexts of their own.
    props.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'kms:EncryptionContext:aws:sns:topicArn': topicArn, 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }) },
        },
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', { topicName, displayName: 'OneClick alarms', masterKey: props.key, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const period = Duration.minutes(5);
    const sfnMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/States', metricName, dimensionsMap: { StateMachineArn: props.stateMachine.stateMachineArn }, statistic: 'Sum', period });

    this.alarm('PublishExecutionsFailed', 'A PublishPost execution failed: a post may be left without a final status.', sfnMetric('ExecutionsFailed'), 1);
    this.alarm('PublishExecutionsTimedOut', 'A PublishPost execution timed out.', sfnMetric('ExecutionsTimedOut'), 1);
    this.alarm('PublishExecutionsThrottled', 'Step Functions throttled PublishPost executions.', sfnMetric('ExecutionThrottled'), 1);

    const quarterHour = Duration.minutes(15);
    this.alarm(
      'FailedPublishTargets',
      'Five or more targets failed at the platforms within 15 minutes (an outage, a revoked app, a changed API).',
      insights(`SELECT SUM(${operatorMetricNames.failed}) FROM ${platformSchema} WHERE service = '${OPERATOR_SERVICE}'`, quarterHour, 'Targets failed'),
      5,
    );
    this.alarm(
      'PlatformFailureRate',
      'One platform failed half or more of its targets within 15 minutes (one contributor per platform).',
      insights(`SELECT AVG(${operatorMetricNames.failureRate}) FROM ${platformSchema} WHERE service = '${OPERATOR_SERVICE}' GROUP BY Platform`, quarterHour, 'Failure rate'),
      0.5,
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

    // Every table in the account (OneClick's own): one query, however many tables there are.
    this.alarm('TablesThrottled', 'DynamoDB throttled requests to a OneClick table.', insights('SELECT SUM(ThrottledRequests) FROM SCHEMA("AWS/DynamoDB", Operation, TableName)', period, 'Throttled requests'), 1);

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

/** An alarm's Metrics Insights query (a math expression of no listed metric). */
function insights(query: string, period: Duration, label: string): cloudwatch.IMetric {
  return new cloudwatch.MathExpression({ expression: query, usingMetrics: {}, period, label });
}
