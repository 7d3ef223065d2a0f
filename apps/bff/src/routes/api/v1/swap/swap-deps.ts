import { createPriorityFeeSource, createRaydiumTradeApi } from '@fbt/adapters';
import type { PriorityFeeSourcePort, SwapExchange } from '@fbt/domain';
import type { Config } from '../../../../config';

/**
 * The swap page's upstreams and settings (`SWAP_*`): present only when `SWAP_API_URL` is set;
 * without them the swap routes answer 404 `SWAP__DISABLED` and the site shows "Trading opens
 * after the presale".
 */
export interface SwapDeps {
  /** Raydium's Trade API (or a host speaking its wire format). */
  readonly exchange: SwapExchange;
  /** The fee service (`SWAP_PRIORITY_FEE_URL`), or null: always the fallback fee. */
  readonly feeSource: PriorityFeeSourcePort | null;
  /** Micro-lamports per compute unit when the fee service is unset or failing. */
  readonly fallbackFeeMicroLamports: number;
  /** Exchange programs a swap transaction may call (`SWAP_PROGRAM_IDS`). */
  readonly dexProgramIds: readonly string[];
  /** Swap requests per minute per client. */
  readonly rateLimitMax: number;
}

/** The swap upstreams a config names: none without `SWAP_API_URL`. */
export function swapDepsFromConfig(config: Config): SwapDeps | null {
  if (config.SWAP_API_URL === undefined) return null;
  const transport = { timeoutMs: config.SWAP_TIMEOUT_MS, retries: 1 };
  return {
    exchange: createRaydiumTradeApi({
      ...transport,
      baseUrl: config.SWAP_API_URL,
      txVersion: config.SWAP_TX_VERSION,
    }),
    feeSource:
      config.SWAP_PRIORITY_FEE_URL === undefined
        ? null
        : createPriorityFeeSource({ ...transport, url: config.SWAP_PRIORITY_FEE_URL }),
    fallbackFeeMicroLamports: config.SWAP_PRIORITY_FEE_FALLBACK,
    dexProgramIds: config.SWAP_PROGRAM_IDS,
    rateLimitMax: config.SWAP_RATE_LIMIT_MAX,
  };
}
