import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

/** The HTTP API's event (its own file, so the wrapper's helpers need not import the wrapper). */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
