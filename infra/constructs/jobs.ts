import { Duration, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { scheduledJobs } from '../../functions/handlers/groups';
import { OneClickFunction } from './function';
import { grantNeeds, type Resources } from './grants';

export type JobName = keyof typeof scheduledJobs;

/**
 * Functions on a schedule (EventBridge Scheduler: the token and metrics refreshes, and the
 * publishing reconciler every minute); the offline twin runs the same ones on timers.
 */
export class Jobs extends Construct {
  readonly functions: Record<JobName, OneClickFunction>;
  readonly schedules: Record<JobName, scheduler.Schedule>;
  /** Where the Scheduler puts a job's invocation it could not deliver after its retries (alarmed). */
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
      reason: 'This queue is the dead-letter queue of the job schedules (Scheduler target DeadLetterConfig), which cdk-nag cannot see.',
    });
    this.functions = {} as Record<JobName, OneClickFunction>;
    this.schedules = {} as Record<JobName, scheduler.Schedule>;
    for (const [name, job] of Object.entries(scheduledJobs) as Array<[JobName, (typeof scheduledJobs)[JobName]]>) {
      const title = `${name[0]!.toUpperCase()}${name.slice(1)}`;
      const fn = new OneClickFunction(this, `${title}Function`, {
        entry: job.entry,
        description: `OneClick job: ${job.description}`,
        timeout: Duration.minutes(Math.min(5, job.everyMinutes)),
      });
      grantNeeds(fn, job.needs, resources);
      // Its own role, assumed only by this account's Scheduler: it may invoke this one function.
      const stack = Stack.of(this);
      const role = new iam.Role(this, `${title}ScheduleRole`, {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      });
      const logicalId = stack.getLogicalId(fn.function.node.defaultChild as CfnElement);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>:*]`,
        reason: 'lambda:InvokeFunction on this job function\'s versions and aliases (the CDK grant); only this function.',
      });
      this.schedules[name] = new scheduler.Schedule(this, `${title}Schedule`, {
        description: job.description,
        schedule: scheduler.ScheduleExpression.rate(Duration.minutes(job.everyMinutes)),
        target: new schedulerTargets.LambdaInvoke(fn.function, {
          role,
          retryAttempts: 2,
          maxEventAge: Duration.minutes(Math.min(15, job.everyMinutes * 2)),
          deadLetterQueue: this.deadLetterQueue,
        }),
      });
      this.functions[name] = fn;
    }
  }
}
