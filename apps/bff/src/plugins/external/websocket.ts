import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Largest message a browser may send on the stream (a subscribe names at most every topic). */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

/**
 * Websocket support for `/api/v1/stream`. Its `preClose` replaces the plugin's default (close
 * every socket without a code): it stops the background loops first, so nothing is published
 * while draining, then tells every client we are going away (1001) and waits for them, before
 * the server stops listening. Needs the stream hub and the loops, hence registered after them.
 */
const websocket: FastifyPluginAsync = async (fastify) => {
  await fastify.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    preClose: async () => {
      fastify.backgroundLoops.stop();
      await fastify.streamHub.closeAll();
    },
  });
};

/** @fastify/websocket with the draining `preClose` (see {@link websocket}). */
export const websocketPlugin = fp(websocket, {
  name: 'websocket',
  fastify: '5.x',
  dependencies: ['stream-hub', 'background-loops'],
});
