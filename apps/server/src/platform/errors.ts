/** The error taxonomy: services throw these, one handler maps them to the contract's answers. */
export class AppError extends Error {
  /** Extra top-level keys of the answer (e.g. a gate's `code`). */
  extra?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(field: string, message: string) {
    super(400, message, { [field]: [message] });
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication failed. Please login to continue.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = "Access denied. You don't have permission to perform this action.") {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'The requested resource was not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests. Please try again later.') {
    super(429, message);
  }
}
/**
 * A package gate refused (spec §5 feature gate): the caller's packages lack the feature or its
 * units. Answered 403, as the contract says of gate failures (the web app's "feature not
 * available" pop-up follows a 403); `feature` lets a caller tell it from other refusals.
 */
export class PaymentRequired extends AppError {
  constructor(
    readonly feature: string,
    message: string,
  ) {
    super(403, message);
    this.extra = { code: 'feature_unavailable', feature };
  }
}

/** A gate of spec §5 refused before any package was looked at: an incomplete profile, or verification. */
export class GateRefused extends AppError {
  constructor(code: 'profile_incomplete' | 'verification_pending' | 'verification_failed' | 'not_verified', message: string) {
    super(403, message);
    this.extra = { code };
  }
}
