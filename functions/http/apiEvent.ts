import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** What an API function receives: an HTTP API (payload 2.0) event with the JWT authorizer's claims. */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
/** What an API function answers. */
export type ApiResult = APIGatewayProxyStructuredResultV2;
