import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import type { AllowlistProofResponse, PublishedAllowlistResponse } from '@fbt/domain';
import {
  allowlistProofResponseSchema,
  apiErrorBodySchema,
  isAddress,
  publishedAllowlistResponseSchema,
} from '@fbt/domain';
import { HttpError } from '../../../../http/http-error';
import type { AllowlistService } from '../../../../services/allowlist-service';
import type { PresaleCache } from '../../../../services/presale-cache';
import { cachedPresale, parseVariant } from './cached-presale';

/** What the proof lookup reads: the cached presale (its on-chain root) and the trees. */
export interface AllowlistRouteOptions {
  readonly presaleCache: PresaleCache;
  readonly allowlists: AllowlistService;
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/**
 * `GET /api/v1/presales/:variant/allowlist`: the wallets of the operator's file as they are, so a
 * visitor rebuilds the root and compares it with the chain's (the verify page); 404 when none is
 * published. This says nothing of whether the root matches: the visitor's check does.
 *
 * `GET /api/v1/presales/:variant/allowlist/:wallet`: the wallet's Merkle proof for the
 * presale's on-chain allowlist root, which BuyWith carries. The root comes from the cached
 * presale account; the tree from the operator's wallet file, served only when it gives that
 * root (else 503: the page must not send a proof the program refuses).
 */
export const allowlistRoute: FastifyPluginCallback<AllowlistRouteOptions> = (
  fastify,
  { presaleCache, allowlists },
  done,
) => {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/presales/:variant/allowlist/:wallet',
    {
      schema: {
        tags: ['presale'],
        summary: 'A wallet’s allowlist proof (for BuyWith)',
        params: z.object({ variant: z.string(), wallet: z.string() }),
        response: {
          200: allowlistProofResponseSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const variant = parseVariant(request.params.variant);
      const { wallet } = request.params;
      if (!isAddress(wallet)) {
        throw new HttpError('WALLET__INVALID', 'wallet must be a base58 Solana address.');
      }
      const { address, rules } = cachedPresale(presaleCache, variant).value;
      const root = rules.allowlistRoot;
      if (root === null) {
        throw new HttpError('ALLOWLIST__NONE', `The ${variant} presale has no allowlist.`);
      }
      const lookup = await allowlists.lookup(variant, address, root);
      if (lookup.kind === 'unavailable') {
        request.log.warn({ variant, reason: lookup.reason }, 'allowlist proof unavailable');
        throw new HttpError(
          'ALLOWLIST__UNAVAILABLE',
          `The ${variant} presale's allowlist cannot be checked on this server right now; retry later.`,
          503,
          30,
        );
      }
      const key = new PublicKey(wallet);
      if (!lookup.tree.has(key)) {
        throw new HttpError(
          'ALLOWLIST__NOT_LISTED',
          `This wallet is not on the ${variant} presale's allowlist.`,
        );
      }
      const answer: AllowlistProofResponse = {
        variant,
        wallet,
        root,
        proof: lookup.tree.proofFor(key).map(hex),
      };
      return answer;
    },
  );
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/presales/:variant/allowlist',
    {
      schema: {
        tags: ['presale'],
        summary: 'The wallets of a presale’s published allowlist (to rebuild its root)',
        params: z.object({ variant: z.string() }),
        response: {
          200: publishedAllowlistResponseSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const variant = parseVariant(request.params.variant);
      const { address } = cachedPresale(presaleCache, variant).value;
      let wallets: readonly string[] | null;
      try {
        wallets = await allowlists.published(variant, address);
      } catch (error) {
        request.log.warn(
          { variant, reason: (error as Error).message },
          'allowlist file unreadable',
        );
        throw new HttpError(
          'ALLOWLIST__UNAVAILABLE',
          `The ${variant} presale's published allowlist cannot be read on this server right now.`,
          503,
          30,
        );
      }
      if (wallets === null) {
        throw new HttpError(
          'ALLOWLIST__NOT_PUBLISHED',
          `No allowlist is published for the ${variant} presale.`,
        );
      }
      const answer: PublishedAllowlistResponse = {
        variant,
        presale: address,
        wallets: [...wallets],
      };
      return answer;
    },
  );
  done();
};
