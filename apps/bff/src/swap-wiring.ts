import { createPriorityFeeSource, createRaydiumTradeApi } from '@fbt/adapters';
import type { SwapDeps } from './app-deps';
import type { Config } from './config';

/** The swap upstreams a config names (`SWAP_*`): none without `SWAP_API_URL`. */
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
