import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { PRESALE_VARIANTS } from '@fbt/domain';
import type { AppDeps, AppSettings } from '../../app-deps';
import { createAllowlistService, type AllowlistService } from '../../services/allowlist-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The presales' allowlist trees, rebuilt from the operator's wallet files. */
    allowlists: AllowlistService;
  }
}

/** The deployment and the setting {@link allowlistsPlugin} reads. */
export type AllowlistsOptions = Pick<AppDeps, 'deployment'> & {
  readonly settings: Pick<AppSettings, 'allowlistDir'>;
};

/**
 * The allowlist service. Every presale value with an allowlist root (the first read at
 * start-up, and each new root the chain shows) has its file read and checked at once, so a
 * missing or mismatched file is logged and shown in `/readyz` before any visitor asks.
 */
const allowlists: FastifyPluginCallback<AllowlistsOptions> = (fastify, options, done) => {
  const service = createAllowlistService({
    dir: options.settings.allowlistDir ?? null,
    programId: options.deployment.programId,
    onUnavailable: (variant, reason) =>
      fastify.log.warn({ variant, reason }, 'allowlist proofs cannot be served'),
  });
  for (const variant of PRESALE_VARIANTS) {
    fastify.presaleCache.resources[variant].onEntry((entry) => {
      const root = entry.value.rules.allowlistRoot;
      if (root === null) service.forget(variant);
      else void service.lookup(variant, entry.value.address, root);
    });
  }
  fastify.decorate('allowlists', service);
  done();
};

/** Decorates `allowlists` (see {@link allowlists}). */
export const allowlistsPlugin = fp(allowlists, {
  name: 'allowlists',
  fastify: '5.x',
  dependencies: ['caches'],
});
