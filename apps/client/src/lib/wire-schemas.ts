/**
 * The domain's wire schemas the site validates BFF answers with. Only ever imported lazily,
 * through `loadWireSchemas()` in `api-client.ts`: evaluating zod and building these schemas
 * costs a throttled phone a few hundred milliseconds of main thread, so a data page paints
 * first and the schemas arrive alongside its first answers (a chunk of their own, fetched in
 * parallel with the request). Swap validates its own answers with zod directly.
 */
export {
  allowlistProofResponseSchema,
  apiErrorBodySchema,
  buyerResponseSchema,
  configResponseSchema,
  goalsResponseSchema,
  leaderboardResponseSchema,
  leaderDetailResponseSchema,
  leaderEarningsResponseSchema,
  leaderReportResponseSchema,
  presaleResponseSchema,
  priceResponseSchema,
} from '@fbt/domain';
