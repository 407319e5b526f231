import { STATUS_CODES } from 'node:http';
import type { FieldIssue } from '../errors';
import type { ApiResult } from './apiEvent';

/**
 * Errors on the public API (/v1) as RFC 9457 problem details (application/problem+json):
 * `type` is about:blank (the problem has no semantics beyond its status: §4.2.1), so `title` is
 * the status's phrase; `detail` holds the same words the app shows for the same error; the
 * extension members `code` (our error's name, stable for scripts) and `issues` (each invalid
 * field) carry what a program needs. The app's own routes keep their { code, message, issues }.
 */
export interface ProblemDetails {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  code: string;
  issues: FieldIssue[];
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemDetails(status: number, code: string, detail: string, issues: FieldIssue[] = []): ProblemDetails {
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, code, issues };
}

export function problemResult(problem: ProblemDetails, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode: problem.status,
    headers: { 'content-type': `${PROBLEM_CONTENT_TYPE}; charset=utf-8`, 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(problem),
  };
}
