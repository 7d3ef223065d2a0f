import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAdapterError } from '@fbt/adapters';
import { errorBody, HttpError } from './http-error';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ZodIssueLike[];
  const context = error.validationContext ?? 'request';
  const parts = issues.slice(0, 5).map((issue) => {
    const path = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    return `${context}${path === '' ? '' : `.${path}`}: ${issue.message ?? 'invalid'}`;
  });
  return parts.length > 0 ? parts.join('; ') : error.message;
}

/**
 * One error handler for the whole app: a precise 4xx for bad input, a generic 5xx body that
 * never carries a stack or an internal message (those go to the log with the request id).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every error answer carries the id its log lines are under, whatever hooks ran before.
    void reply.header('x-request-id', request.id);
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (error.statusCode >= 500) request.log.warn({ code: error.code }, error.message);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (isAdapterError(error, 'LEDGER__UNAVAILABLE')) {
      request.log.warn({ code: error.code }, error.message);
      void reply.header('retry-after', '5');
      return reply
        .code(503)
        .send(
          errorBody('LEDGER__UNAVAILABLE', 'The ledger database is unavailable; retry shortly.'),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) {
      return reply.code(400).send(errorBody('REQUEST__INVALID', describeValidation(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', 'Too many requests; slow down.'));
    }
    if (status === 413) {
      return reply
        .code(413)
        .send(errorBody('PAYLOAD__TOO_LARGE', 'The request body is too large.'));
    }
    if (status === 415) {
      return reply
        .code(415)
        .send(errorBody('MEDIA_TYPE__UNSUPPORTED', 'Send the body as application/json.'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody('REQUEST__INVALID', error.message));
    }
    if (request.raw.destroyed || request.raw.socket?.destroyed === true) {
      // The client reset the connection: nobody reads this answer; not a server fault.
      request.log.info({ code: error.code }, 'client went away before the answer');
      return reply
        .code(499)
        .send(errorBody('REQUEST__ABORTED', 'The client closed the connection.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('INTERNAL', 'Internal server error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .header('x-request-id', request.id)
      .code(404)
      .send(
        errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`),
      ),
  );
}
