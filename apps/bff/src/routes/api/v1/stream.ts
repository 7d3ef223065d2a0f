import type { FastifyPluginCallback } from 'fastify';
import type WebSocket from 'ws';
import type { StreamHub } from '../../../stream/stream-hub';

/** What `/api/v1/stream` uses: the hub that takes over each socket. */
export interface StreamRouteOptions {
  readonly streamHub: StreamHub;
}

/** `GET /api/v1/stream`: websocket of presale, price and goals updates. */
export const streamRoute: FastifyPluginCallback<StreamRouteOptions> = (
  fastify,
  { streamHub },
  done,
) => {
  fastify.get(
    '/api/v1/stream',
    {
      websocket: true,
      schema: {
        tags: ['stream'],
        summary:
          'Websocket: send {"type":"subscribe","topics":["presale:public","price","goals"]}; receive the current value at once and every change after',
      },
    },
    // @fastify/websocket's socket type comes from its own ws copy; the runtime object is a ws socket.
    (socket, request) => streamHub.attach(socket as unknown as WebSocket, request.ip),
  );
  done();
};
