import { Aws, CfnOutput, CfnParameter, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { apiBasePath } from './constructs/apiPath';
import { bucketKeys } from '../shared/resources/buckets';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { AccessLogs, Media, bucketOrigin } from './constructs/storage';
import { Web } from './constructs/web';
import { Jobs } from './constructs/jobs';
import { BackgroundTasks, grantSignInDisabling, grantUserDeletion } from './constructs/tasks';
import { Publishing } from './constructs/publishing';
import { Monitoring } from './constructs/monitoring';
import { OperatorDashboard } from './constructs/dashboard';
import { handlerGroupNames } from '../shared/api/routes';
import { parseModuleUrls } from '../shared/api/modules';
import { handlerGroups, scheduledJobs } from '../functions/handlers/groups';
import { PlatformAccess } from './constructs/platformAccess';
import { grantMail, type Resources } from './constructs/grants';
import { acknowledgeCdkInternals } from './nag';

export interface OneClickStackProps extends StackProps {
  /** The built front end to publish (frontend/dist). */
  readonly webAssetPath: string;
  readonly allowPasswordAuth?: boolean;
}

export class OneClickStack extends Stack {
  constructor(scope: Construct, id: string, props: OneClickStackProps) {
    super(scope, id, props);
    const accessLogs = new AccessLogs(this, 'AccessLogs');
    const auth = new Auth(this, 'Auth', { allowPasswordAuth: props.allowPasswordAuth ?? false });
    const data = new Data(this, 'Data');
    const web = new Web(this, 'Web', { accessLogs: accessLogs.bucket, assetPath: props.webAssetPath });
    const media = new Media(this, 'Media', { accessLogs: accessLogs.bucket, siteOrigin: web.origin });
    const resources: Resources = {
      tables: data.tables,
      buckets: media.buckets,
      platformAccess: new PlatformAccess(this, 'PlatformAccess', data.tokenKey),
      siteUrl: web.origin,
    };
    const api = new Api(this, 'Api', { auth, resources });
    const jobs = new Jobs(this, 'Jobs', resources);
    const tasks = new BackgroundTasks(this, 'Tasks', resources);
    const publishing = new Publishing(this, 'Publishing', resources);
    new Monitoring(this, 'Monitoring', {
      stateMachine: publishing.stateMachine,
      httpApi: api.httpApi,
      deadLetterQueues: [jobs.deadLetterQueue],
      key: data.tokenKey,
      alarmEmail: this.node.tryGetContext('oneclick:alarmEmail') as string | undefined,
    });
    new OperatorDashboard(this, 'Operator', { stateMachine: publishing.stateMachine, httpApi: api.httpApi });
    // Invitations and approval requests are mailed from an address the operator verified in SES.
    const mailFrom = new CfnParameter(this, 'MailFrom', {
      type: 'String',
      description: 'The SES-verified address invitations and approval requests are sent from.',
      allowedPattern: '^[^@\\s]+@[^@\\s]+$',
    });
    for (const group of handlerGroupNames) {
      if (handlerGroups[group].sendsMail) grantMail(api.functions[group], mailFrom.valueAsString);
      if (handlerGroups[group].startsPublishing) publishing.grantStart(api.functions[group]);
      for (const task of handlerGroups[group].startsTasks ?? []) tasks.grantStart(api.functions[group], task);
      if (handlerGroups[group].disablesUsers) grantSignInDisabling(api.functions[group], auth.userPool);
      if (handlerGroups[group].deletesUsers) grantUserDeletion(api.functions[group], auth.userPool);
    }
    tasks.grantServices(publishing, auth.userPool);
    for (const [name, job] of Object.entries(scheduledJobs)) {
      if ('reconcilesPublishing' in job.needs && job.needs.reconcilesPublishing) publishing.grantReconcile(jobs.functions[name as keyof typeof scheduledJobs]);
    }
    web.addApi(api.domainName, apiBasePath, api.originSecret);

    const cognitoOrigin = `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    const bucketOrigins = bucketKeys.map((key) => bucketOrigin(this, key));
    web.configure(
      {
        environment: 'aws',
        region: this.region,
        apiUrl: apiBasePath,
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
        modules: parseModuleUrls(this.node.tryGetContext('oneclick:moduleUrls') ?? process.env['ONECLICK_MODULE_URLS'], 'oneclick:moduleUrls (or ONECLICK_MODULE_URLS)'),
      },
      [cognitoOrigin, ...bucketOrigins],
      bucketOrigins,
    );

    acknowledgeCdkInternals(this);
    Validations.of(auth.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: 'MFA is optional (TOTP) so that sign-up stays one step; users can turn it on.',
    });
    Validations.of(auth.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason: 'The Plus feature plan is billed per monthly active user; the Essentials plan with a strong password policy and optional MFA fits a free product. Revisit when paid plans launch.',
    });

    new CfnOutput(this, 'SiteUrl', { value: web.origin });
    new CfnOutput(this, 'ApiUrl', { value: `${web.origin}${apiBasePath}` });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
  }
}
