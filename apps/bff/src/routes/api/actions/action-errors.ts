import type { ActionError } from '@solana/actions';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../../../http/http-error';

/** An error answer of an Action: the Solana Actions error body `{ message }`, with a status. */
export class ActionHttpError extends HttpError {}

/** Refuses the request: the Action answers `{ message }` with `status`. */
export const refuse = (message: string, status: number): never => {
  throw new ActionHttpError('ACTION__REFUSED', message, status);
};

/** Lets the Action routes' errors, whatever their source, answer as `{ message }`. */
export function actionErrorMessage(error: FastifyError): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (error.validation !== undefined) {
    const issue = error.validation[0];
    const where = `${error.validationContext ?? 'request'}${(issue?.instancePath ?? '').replace(/\//g, '.')}`;
    return { status: 400, message: `${where}: ${issue?.message ?? 'invalid'}` };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: 'Too many requests; slow down and retry.' };
  if (status === 413) return { status, message: 'The request body is too large.' };
  if (status === 415) return { status, message: 'Send the body as application/json.' };
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: 'Internal server error' };
}

/**
 * The Action routes' error handler: every error answers the Solana Actions error body
 * `{ message }` with the Action headers, the request id and its `Retry-After` when it has one; a
 * 5xx is logged with its cause.
 */
export function setActionErrorHandler(
  fastify: FastifyInstance,
  headers: () => Promise<Record<string, string>>,
): void {
  fastify.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, message } = actionErrorMessage(error);
    if (status >= 500) request.log.error({ err: error }, 'action request failed');
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const body: ActionError = { message };
    return reply
      .headers(await headers())
      .header('x-request-id', request.id)
      .code(status)
      .send(body);
  });
}
