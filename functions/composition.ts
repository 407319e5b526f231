import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Builds the SDK clients once per cold start. Endpoints come from the standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, which is how the offline twin and LocalStack are used.
 */
export function createDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

export function createLogger(serviceName: string): Logger {
  return new Logger({ serviceName });
}
