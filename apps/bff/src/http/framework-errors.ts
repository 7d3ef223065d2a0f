import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './http-error';

/**
 * Answers for errors raised before a route runs, so they follow the same
 * `{ error: { code, message } }` contract with an `x-request-id` as every other 4xx:
 * {@link frameworkErrors} for the router's (a URL that is not valid percent-encoding), and
 * {@link clientErrorHandler} for node's HTTP parser, before a request object exists.
 */

/** Fastify's `frameworkErrors` option. */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .code(400)
      .send(
        errorBody(
          'REQUEST__INVALID_URL',
          'The URL is not valid percent-encoding (a % must be followed by two hex digits of UTF-8).',
        ),
      );
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(errorBody('REQUEST__INVALID_URL', 'A URL segment is too long.'));
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  void reply.code(500).send(errorBody('INTERNAL', 'Internal server error'));
}

/** What node's HTTP parser refused, as status, code and message. */
function describeParseError(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'REQUEST__TIMEOUT', 'The request was not received in time.'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'HEADERS__TOO_LARGE', 'The request headers are too large.'];
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return [400, 'REQUEST__MALFORMED', 'The Content-Length header is not valid.'];
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_LF_EXPECTED':
    case 'HPE_CR_EXPECTED':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return [400, 'REQUEST__MALFORMED', 'A request header is malformed.'];
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_CONSTANT':
      return [400, 'REQUEST__MALFORMED', 'The request line is malformed (METHOD /path HTTP/1.1).'];
    case 'HPE_INVALID_CHUNK_SIZE':
      return [400, 'REQUEST__MALFORMED', 'The chunked body is malformed.'];
    default:
      return [400, 'REQUEST__MALFORMED', 'The request is not valid HTTP/1.1.'];
  }
}

/**
 * Fastify's `clientErrorHandler` (node's `clientError`): a JSON contract body with a fresh
 * request id, then the connection is closed. A reset connection gets nothing (nobody to answer).
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = describeParseError(error.code);
  const id = randomUUID();
  this.log.info({ reqId: id, code: error.code, status }, 'refused a malformed request');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        `content-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${id}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
