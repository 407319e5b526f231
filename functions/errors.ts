/**
 * Our error taxonomy for the HTTP layer. Services throw these; the HTTP middleware maps them to
 * status codes in one place. Messages are user-facing and never carry secrets.
 */
export type FieldIssue = { path: string; message: string };

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = code;
  }
}

export class InvalidInput extends DomainError {
  constructor(message: string, issues: FieldIssue[] = []) {
    super(400, 'InvalidInput', message, issues);
  }
}

export class AuthenticationRequired extends DomainError {
  constructor(message = 'Authentication required') {
    super(401, 'AuthenticationRequired', message);
  }
}

export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, 'Forbidden', message);
  }
}

export class NotFound extends DomainError {
  constructor(message: string) {
    super(404, 'NotFound', message);
  }
}

export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}

export class QuotaExceeded extends DomainError {
  constructor(message: string) {
    super(403, 'QuotaExceeded', message);
  }
}

/** The user asked to delete their account: nothing else is done for it any more. */
export class AccountBeingDeleted extends DomainError {
  constructor() {
    super(409, 'AccountBeingDeleted', 'This account is being deleted, so nothing more can be done with it. Settings shows the progress and can continue a deletion that stopped.');
  }
}

/** The account was deleted: a token issued before that (still valid for up to an hour) creates nothing. */
export class AccountDeleted extends DomainError {
  constructor() {
    super(410, 'AccountDeleted', 'This account has been deleted. Nothing can be done with it any more; sign up again to use OneClick.');
  }
}
