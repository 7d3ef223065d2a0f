import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/** Helmet's options without the Fastify plugin's own (nonces, per-route switch). */
export type HelmetOptions = Omit<FastifyHelmetOptions, 'enableCSPNonces' | 'global'>;

type HelmetMiddleware = (
  request: unknown,
  response: { setHeader(name: string, value: string): void; removeHeader(name: string): void },
  next: () => void,
) => void;

/** The `helmet` package that `@fastify/helmet` wraps (resolved from it, so the same copy). */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))(
  'helmet',
) as (options: HelmetOptions) => HelmetMiddleware;

/**
 * The security headers helmet writes for `options`, computed once. `@fastify/helmet` builds
 * helmet's whole middleware chain (parsing the CSP directives again) on every request, twice
 * hooked; with static options (no nonces, no per-route settings, no function directives) every
 * answer gets the same headers, so they are worked out here at start-up and set by one hook.
 * Throws when helmet refuses the options (since helmet 8.1 it throws instead of calling `next`).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  helmet(options)(
    {},
    {
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      removeHeader: (name) => {
        delete headers[name.toLowerCase()];
      },
    },
    () => undefined,
  );
  return Object.freeze(headers);
}
