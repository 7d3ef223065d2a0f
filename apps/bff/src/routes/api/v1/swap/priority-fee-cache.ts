import {
  maxPriorityFeeLamports,
  SWAP_COMPUTE_UNITS,
  SWAP_FEE_FRESHNESS_MS,
  type Clock,
  type PriorityFeeResponse,
  type PriorityFeeSourcePort,
} from '@fbt/domain';

/** After a failed read, the fallback is served this long before the service is asked again. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/** The swap's priority fee, read from the fee service at most once per freshness period. */
export interface PriorityFeeCache {
  current(): Promise<PriorityFeeResponse>;
}

/**
 * Caches the fee service's answer for 300,000 ms (fees move slowly; one read per five minutes
 * is plenty), single-flight: visitors never
 * multiply the calls. Without a service, or while it fails, the fixed fallback is served
 * (`source: 'fallback'`) and a failure is retried after 30 s.
 */
export function createPriorityFeeCache(options: {
  readonly source: PriorityFeeSourcePort | null;
  readonly fallbackMicroLamports: number;
  readonly clock: Clock;
  readonly onFailure?: (error: unknown) => void;
}): PriorityFeeCache {
  const { source, clock } = options;
  const fallback: PriorityFeeResponse = answer(options.fallbackMicroLamports, 'fallback', null);
  let cached: { value: PriorityFeeResponse; until: number } | null = null;
  let inFlight: Promise<PriorityFeeResponse> | null = null;

  const refresh = async (): Promise<PriorityFeeResponse> => {
    if (source === null) return fallback;
    const now = clock.now();
    try {
      const reading = await source.read();
      const value = answer(reading.microLamports, reading.source, now);
      cached = { value, until: now + SWAP_FEE_FRESHNESS_MS };
      return value;
    } catch (error) {
      options.onFailure?.(error);
      cached = { value: fallback, until: now + RETRY_AFTER_FAILURE_MS };
      return fallback;
    }
  };

  return {
    current() {
      if (cached !== null && clock.now() < cached.until) return Promise.resolve(cached.value);
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

function answer(
  microLamports: number,
  source: PriorityFeeResponse['source'],
  fetchedAt: number | null,
): PriorityFeeResponse {
  return {
    microLamports,
    source,
    computeUnits: SWAP_COMPUTE_UNITS,
    maxFeeLamports: maxPriorityFeeLamports(microLamports).toString(),
    fetchedAt,
  };
}
