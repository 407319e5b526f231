/**
 * The platform error taxonomy. Adapters throw these; the state machine decides on retries from
 * the error name, the HTTP layer and the connection store act on them.
 */
export abstract class PlatformError extends Error {
  abstract readonly kind: 'AuthExpired' | 'RateLimited' | 'Retryable' | 'Rejected';
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The token is dead (revoked, expired beyond refresh): the connection needs the user to reconnect. */
export class AuthExpired extends PlatformError {
  readonly kind = 'AuthExpired' as const;
}

/**
 * A refused token in our words: the Accounts page and the post show this, never the platform's
 * own sentence (which can be a stack of dates and ids: "Error validating access token: Session
 * has expired on …").
 */
export function accessEnded(platformName: string): AuthExpired {
  return new AuthExpired(`${platformName} needs you to reconnect: the access was revoked or has expired.`);
}

/** The platform asked us to wait; `resetAt` is when it said we may try again (if it said). */
export class RateLimited extends PlatformError {
  readonly kind = 'RateLimited' as const;
  constructor(
    message: string,
    readonly resetAt?: Date,
  ) {
    super(message);
  }
}

/**
 * A transient failure (5xx, timeouts, "try again"). `outcomeUnknown`: the request was sent but
 * no answer came back, so the platform may have acted on it (the publishing engine then
 * reconciles before trying a create call again).
 */
export class Retryable extends PlatformError {
  readonly kind = 'Retryable' as const;
  constructor(
    message: string,
    readonly outcomeUnknown = false,
  ) {
    super(message);
  }
}

/** A permanent refusal with the platform's own words (truncated). */
export class Rejected extends PlatformError {
  readonly kind = 'Rejected' as const;
}

/**
 * An address the outbound rule refused (functions/http/outbound.ts): not a public https host, a
 * redirect, or too large an answer. Nothing was asked of it.
 */
export class AddressRefused extends Rejected {
  constructor(message: string) {
    super(message);
    // Still a Rejected wherever errors are told apart by name (the state machine's retry rules).
    this.name = 'Rejected';
  }
}

/**
 * The grant works but the account has nothing to publish to (e.g. a Google account without a
 * YouTube channel): connecting it is refused with the message, as `no_channel`.
 */
export class NoPublishingProfile extends Rejected {
  constructor(message: string) {
    super(message);
    // Still a Rejected wherever errors are told apart by name (the state machine's retry rules).
    this.name = 'Rejected';
  }
}

const MAX_MESSAGE = 500;

export function truncate(text: string, max = MAX_MESSAGE): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
