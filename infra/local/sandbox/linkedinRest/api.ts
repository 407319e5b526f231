import { json, type SandboxResponse } from '../http';
import type { AccessFailure } from '../oauth';

/** LinkedIn's error shape, shared by userinfo and the /rest/* routes. */

export function serviceError(status: number, serviceErrorCode: number, code: string, message: string): SandboxResponse {
  return json(status, { status, serviceErrorCode, code, message });
}

/** 401 for a token that cannot call the API: revoked by the user (65601), or invalid/expired (65600). */
export function accessTokenError(failure: AccessFailure): SandboxResponse {
  return failure === 'revoked'
    ? serviceError(401, 65601, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user')
    : serviceError(401, 65600, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
}
