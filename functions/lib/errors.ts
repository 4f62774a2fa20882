import { ERROR_CODES } from '@shared/schemas/error';

/**
 * Domain errors. Each carries its HTTP status and a stable code; `functions/lib/http.ts` maps them to
 * responses in one place with `instanceof`. Anything else becomes a 500 with a report id.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, ERROR_CODES.badRequest, message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, issues?: { path: string; message: string }[]) {
    super(400, ERROR_CODES.validation, message, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication is required.') {
    super(401, ERROR_CODES.unauthorized, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, ERROR_CODES.forbidden, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, ERROR_CODES.notFound, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'This record was changed by someone else. Reload and try again.') {
    super(409, ERROR_CODES.conflict, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, ERROR_CODES.payloadTooLarge, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, ERROR_CODES.unsupportedMediaType, message);
  }
}

export class UnprocessableError extends AppError {
  constructor(message: string, issues?: { path: string; message: string }[]) {
    super(422, ERROR_CODES.unprocessable, message, issues);
  }
}

/** Too many attempts in a window (registration-code guessing); the caller may try again later. */
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, ERROR_CODES.tooManyRequests, message);
  }
}
