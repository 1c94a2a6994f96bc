import { ERROR_CODES } from '@nivesh/shared';

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    /** More fields for the answer's body (an order refusal's rule and suggestion). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validation, message, errors);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError(409, ERROR_CODES.conflict, message, errors);
export const unprocessable = (message: string) => new AppError(422, ERROR_CODES.unprocessable, message);
export const tooManyRequests = (message: string) => new AppError(429, ERROR_CODES.rateLimited, message);
