import { Duration, Size } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { backgroundTasks, taskFunctionEnvName, type BackgroundTaskName, type HandlerGroupNeeds } from '../../functions/handlers/groups';
import { OneClickFunction } from './function';
import { grantNeeds, type Resources } from './grants';

/**
 * The request's Cognito action, on this pool only: turn the user's sign-in off before the
 * deletion runs (and USER_POOL_ID in the environment).
 */
export function grantSignInDisabling(fn: OneClickFunction, userPool: cognito.IUserPool): void {
  fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminDisableUser'], resources: [userPool.userPoolArn] }));
  fn.addEnvironment({ USER_POOL_ID: userPool.userPoolId });
}

/**
 * Account deletion's Cognito actions, on this pool only: sign the user out everywhere, then
 * delete them (and USER_POOL_ID in the environment).
 */
export function grantUserDeletion(fn: OneClickFunction, userPool: cognito.IUserPool): void {
  fn.function.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'], resources: [userPool.userPoolArn] }),
  );
  fn.addEnvironment({ USER_POOL_ID: userPool.userPoolId });
}

/**
 * Functions a route's function starts in the background (asynchronous Lambda invokes): the
 * data export and the account deletion. Each gets exactly what its declaration in
 * functions/handlers/groups.ts lists.
 */
export class BackgroundTasks extends Construct {
  readonly functions: Record<BackgroundTaskName, OneClickFunction>;

  constructor(scope: Construct, id: string, resources: Resources) {
    super(scope, id);
    this.functions = {} as Record<BackgroundTaskName, OneClickFunction>;
    for (const [name, task] of Object.entries(backgroundTasks) as Array<[BackgroundTaskName, (typeof backgroundTasks)[BackgroundTaskName]]>) {
      const fn = new OneClickFunction(this, `${name[0]!.toUpperCase()}${name.slice(1)}Function`, {
        entry: task.entry,
        description: `OneClick task: ${task.description}`,
        timeout: Duration.minutes(15),
        memorySize: 1024,
      });
      // The archive is written to /tmp before it is stored: room for a user's media.
      (fn.function.node.defaultChild as lambda.CfnFunction).addPropertyOverride(
        'EphemeralStorage',
        { Size: Size.gibibytes(10).toMebibytes() },
      );
      grantNeeds(fn, task.needs as Omit<HandlerGroupNeeds, 'entry'>, resources);
      this.functions[name] = fn;
    }
  }

  /** What a task's declaration asks beyond tables and buckets: starting and stopping publishing, the user pool. */
  grantServices(publishing: { grantStart(fn: OneClickFunction): void }, userPool: cognito.IUserPool): void {
    for (const [name, task] of Object.entries(backgroundTasks) as Array<[BackgroundTaskName, { needs: Omit<HandlerGroupNeeds, 'entry'> }]>) {
      if (task.needs.startsPublishing) publishing.grantStart(this.functions[name]);
      if (task.needs.deletesUsers) grantUserDeletion(this.functions[name], userPool);
    }
  }

  /** Lets a function start a task (lambda:InvokeFunction on that function only) and names it in its environment. */
  grantStart(fn: OneClickFunction, task: BackgroundTaskName): void {
    const target = this.functions[task].function;
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.functionArn] }));
    fn.addEnvironment({ [taskFunctionEnvName(task)]: target.functionName });
  }
}
