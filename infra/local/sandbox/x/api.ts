import type { SandboxResponse } from '../http';

/** X API v2's problem+json errors, shared by the profile, media and tweet routes. */

export function problem(status: number, title: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): SandboxResponse {
  return {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
    body: JSON.stringify({ title, type: 'about:blank', status, detail: title, ...extra }),
  };
}

/** 400 invalid-request, with the parameter and message the way X lists them. */
export function invalidRequest(message: string, parameters: Record<string, unknown[]> = {}): SandboxResponse {
  return problem(400, 'Invalid Request', {
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.x.com/2/problems/invalid-request',
    errors: [{ parameters, message }],
  });
}
