import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorResponse } from '@nivesh/shared';
import { AppError } from '../lib/errors.js';

const STATUS_CODES: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: ERROR_CODES.unprocessable,
  429: ERROR_CODES.rateLimited,
};

function fieldErrors(issues: { instancePath?: string; params?: unknown; message?: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'body';
    errors[path] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

/** One JSON error shape for every failure; 5xx only for faults of ours, never for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const body: ErrorResponse = {
        success: false,
        code: ERROR_CODES.validation,
        message: Object.values(errors)[0] ?? 'Invalid request',
        errors,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      const body: ErrorResponse = { success: false, code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ success: false, code: ERROR_CODES.internal, message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ErrorResponse = {
        success: false,
        code: STATUS_CODES[status] ?? error.code ?? 'BAD_REQUEST',
        message: status === 429 ? 'Too many requests. Please try again later.' : error.message,
      };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, code: ERROR_CODES.internal, message: 'Internal server error' });
  });
}
