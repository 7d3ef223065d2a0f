import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document (`/docs/json`) and Swagger UI (`/docs`), generated from the routes' zod
 * schemas. On the root instance and registered before the routes, so it sees every route.
 */
const docs: FastifyPluginAsync = async (fastify) => {
  await fastify.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'FBT presale BFF',
        description: 'Cached presale, price and goals data; leader ledger; JSON-RPC proxy.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await fastify.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
};

/** Swagger + Swagger UI at `/docs` (see {@link docs}). */
export const docsPlugin = fp(docs, { name: 'docs', fastify: '5.x' });
