import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface OneClickFunctionProps {
  /** Path of the handler module, relative to the project root. */
  readonly entry: string;
  readonly description: string;
  readonly environment?: Record<string, string>;
  readonly timeout?: Duration;
  readonly memorySize?: number;
  /** A fixed name, where something addresses the function by name (the publish functions: `<prefix><platform>`). */
  readonly functionName?: string;
  /** Concurrency kept for this function alone (and its ceiling); absent: it shares the account's unreserved pool. */
  readonly reservedConcurrentExecutions?: number;
}

/**
 * "Our Lambda": Node on arm64, bundled by local esbuild (no Docker) with the AWS SDK, source maps, one log group
 * with a retention, structured logging settings. Environment is merged, never overwritten.
 */
export class OneClickFunction extends Construct {
  readonly function: nodejs.NodejsFunction;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: OneClickFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.logGroup = logGroup;
    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: resolve(projectRoot, props.entry),
      handler: 'handler',
      description: props.description,
      functionName: props.functionName,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      projectRoot,
      depsLockFilePath: resolve(projectRoot, 'package-lock.json'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'oneclick',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: nodejs.OutputFormat.ESM,
        target: 'node22',
        sourceMap: true,
        minify: true,
        mainFields: ['module', 'main'],
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        // The AWS SDK is bundled (tree-shaken, minified), not taken from the runtime: a publish
        // function's init falls from ~330 to ~110 ms of CPU (the runtime's SDK loads every client
        // file by file), and the code runs on the SDK version the tests ran (package-lock.json).
        externalModules: [],
      },
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'AWSLambdaBasicExecutionRole only allows writing this function\'s CloudWatch logs.',
    });
  }

  addEnvironment(variables: Record<string, string>): void {
    for (const [name, value] of Object.entries(variables)) this.function.addEnvironment(name, value);
  }

  get region(): string {
    return Stack.of(this).region;
  }
}
