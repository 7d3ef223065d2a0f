import { z } from 'zod';
import { addressSchema, clusterSchema, declaredTermsSchema } from './api-schemas';
import { isValidPrivateRouteName } from './presale-variant';

/**
 * Where a deployment lives on chain: written by the local chain's seeding (and by the operator
 * CLI for real clusters), read by the BFF at start-up. One file, so the addresses of a
 * deployment are never copied by hand into several places.
 */
export const deploymentSchema = z.object({
  cluster: clusterSchema,
  /** RPC URL the server side uses. */
  rpcUrl: z.string().url(),
  /** Pubsub websocket URL, when not derivable from rpcUrl. */
  wsUrl: z.string().url().optional(),
  programId: addressSchema,
  mint: addressSchema,
  /** Route name of the private presale page. */
  privateRouteName: z
    .string()
    .refine(
      isValidPrivateRouteName,
      'must be lowercase letters, digits or dashes and not a reserved route',
    ),
  /**
   * Each presale's address and, optionally, the delivery terms the team declares for it (its
   * mode, minimum raise and vesting), which the verify page checks the chain's terms against.
   */
  presales: z.object({
    public: z.object({ address: addressSchema, terms: declaredTermsSchema.optional() }),
    private: z.object({ address: addressSchema, terms: declaredTermsSchema.optional() }),
    leader: z.object({ address: addressSchema, terms: declaredTermsSchema.optional() }),
  }),
  /**
   * The address lookup table holding the accounts every buy names (programs, sysvars, the mint,
   * each presale with its vault, authority and seller), made by the operator's `lookup-table`.
   * With it a buy is a version-0 transaction (a first leader buy with a deep allowlist proof
   * fits one packet only so); without it, a legacy one.
   */
  lookupTable: addressSchema.optional(),
  /**
   * The token metadata's address (its `uri`) the site publishes; the verify page checks the
   * mint's metadata names it. Absent: the site publishes none, and that line fails.
   */
  metadataUri: z.string().url().optional(),
  /**
   * Multisigs the team administers the sale with (a program upgrade authority, a seller), by
   * address and the name the verify page shows for them.
   */
  multisigs: z
    .array(z.object({ address: addressSchema, label: z.string().min(1).max(64) }))
    .max(16)
    .optional(),
});
export type Deployment = z.infer<typeof deploymentSchema>;
