import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorResponse } from '@nivesh/shared';
import { isBadInputDataError, isUniqueViolation } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';

const STATUS_CODES: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: ERROR_CODES.unprocessable,
  429: ERROR_CODES.rateLimited,
};

function fieldErrors(issues: { instancePath?: string; params?: unknown; message?: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
      'body';
    errors[path] ??= issue.message ?? 'Invalid value';
  }
  return errors;
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL could not be decoded',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
};

/**
 * The router refuses an undecodable URL or an over-long path parameter before any route or error
 * handler runs; this gives those refusals the same shape as every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  const body: ErrorResponse = {
    success: false,
    code: STATUS_CODES[status] ?? ERROR_CODES.validation,
    message: FRAMEWORK_MESSAGES[error.code] ?? 'Invalid request',
  };
  // Fastify calls this synchronously and ignores its result; the reply is sent, not awaited.
  void reply.status(status).send(body);
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
      return reply.status(error.statusCode).send(error.extra ? { ...body, ...error.extra } : body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ success: false, code: ERROR_CODES.internal, message: 'Internal server error' });
    }
    // Schemas should stop bad input before any query; these are the last line, so a value that
    // slips through is still the caller's 4xx and not a 500.
    if (isBadInputDataError(error)) {
      request.log.warn({ err: error }, 'database refused a value from the request');
      const body: ErrorResponse = {
        success: false,
        code: ERROR_CODES.validation,
        message: 'Invalid value in the request',
      };
      return reply.status(400).send(body);
    }
    if (isUniqueViolation(error)) {
      const body: ErrorResponse = {
        success: false,
        code: ERROR_CODES.conflict,
        message: 'This conflicts with an existing record',
      };
      return reply.status(409).send(body);
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
    return reply
      .status(500)
      .send({ success: false, code: ERROR_CODES.internal, message: 'Internal server error' });
  });
}
