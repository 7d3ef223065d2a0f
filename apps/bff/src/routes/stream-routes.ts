import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import type { AppContext } from '../app-context';

/** `GET /api/v1/stream`: websocket of presale, price and goals updates. */
export function registerStreamRoutes(app: FastifyInstance, context: AppContext): void {
  app.get(
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
    (socket, request) => context.hub.attach(socket as unknown as WebSocket, request.ip),
  );
}
