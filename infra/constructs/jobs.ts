import { Duration, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { scheduledJobs } from '../../functions/handlers/groups';
import { OneClickFunction } from './function';
import { grantNeeds, type Resources } from './grants';

/** Functions on a schedule (EventBridge rules); the offline twin runs the same ones on timers. */
export class Jobs extends Construct {
  readonly functions: Record<keyof typeof scheduledJobs, OneClickFunction>;
  /** Where EventBridge puts a job's event it could not deliver after its retries (alarmed). */
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, resources: Resources) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue of the job schedules (EventBridge target DeadLetterConfig), which cdk-nag cannot see.',
    });
    this.functions = {} as Record<keyof typeof scheduledJobs, OneClickFunction>;
    for (const [name, job] of Object.entries(scheduledJobs) as Array<[keyof typeof scheduledJobs, (typeof scheduledJobs)[keyof typeof scheduledJobs]]>) {
      const fn = new OneClickFunction(this, `${name[0]!.toUpperCase()}${name.slice(1)}Function`, {
        entry: job.entry,
        description: `OneClick job: ${job.description}`,
        timeout: Duration.minutes(5),
      });
      grantNeeds(fn, job.needs, resources);
      new events.Rule(this, `${name[0]!.toUpperCase()}${name.slice(1)}Schedule`, {
        description: job.description,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2, deadLetterQueue: this.deadLetterQueue })],
      });
      this.functions[name] = fn;
    }
  }
}
