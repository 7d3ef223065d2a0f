import { z } from 'zod';
import type { Clock, PriceSource, PythPrice } from '@fbt/domain';
import { assessPythPrice, PYTH_SOL_USD_FEED_ID, pythPriceFeedSchema } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import type { FetchLike, Sleep } from '@fbt/domain';
import { fetchJson } from './http-json';

/** Options of {@link createPythHermesPriceSource}. */
export interface PythHermesPriceSourceOptions {
  /** Hermes base URL, e.g. `https://hermes.pyth.network`. */
  readonly endpoint: string;
  /** Sent as the `x-api-key` header when set (paid Hermes providers). */
  readonly apiKey?: string;
  readonly feedId?: string;
  readonly clock: Clock;
  /** Default 5000 ms (spec). */
  readonly timeoutMs?: number;
  /** Default 3 (spec). */
  readonly retries?: number;
  /** First backoff, doubling; default 250 ms. */
  readonly backoffMs?: number;
  readonly fetch?: FetchLike;
  readonly sleep?: Sleep;
}

const hermesLatestSchema = z.object({
  binary: z.object({ encoding: z.string(), data: z.array(z.string()) }),
  parsed: z.array(pythPriceFeedSchema),
});

function normalizeFeedId(id: string): string {
  return id.toLowerCase().replace(/^0x/, '');
}

/**
 * SOL/USD from Pyth Hermes (`GET /v2/updates/price/latest?ids[]=…&parsed=true`), checked for
 * staleness (> 60 s), confidence (> 2%) and a non-positive price. Throws an AdapterError when
 * no acceptable quote can be had; the caller shows the fallback price.
 */
export function createPythHermesPriceSource(options: PythHermesPriceSourceOptions): PriceSource {
  const feedId = normalizeFeedId(options.feedId ?? PYTH_SOL_USD_FEED_ID);
  const base = options.endpoint.replace(/\/+$/, '');
  const url = `${base}/v2/updates/price/latest?ids[]=0x${feedId}&parsed=true`;
  return {
    async getSolUsd(): Promise<PythPrice> {
      const body = await fetchJson(url, {
        upstream: 'pyth',
        timeoutMs: options.timeoutMs ?? 5000,
        retries: options.retries ?? 3,
        backoffMs: options.backoffMs ?? 250,
        ...(options.apiKey === undefined ? {} : { headers: { 'x-api-key': options.apiKey } }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
      });
      const parsed = hermesLatestSchema.safeParse(body);
      if (!parsed.success) {
        throw new AdapterError('UPSTREAM__BAD_RESPONSE', {
          upstream: 'pyth',
          issue: parsed.error.issues[0]?.message ?? 'invalid',
        });
      }
      const feed = parsed.data.parsed.find((candidate) => normalizeFeedId(candidate.id) === feedId);
      if (feed === undefined) throw new AdapterError('PRICE__FEED_MISSING', { feedId });
      const quote: PythPrice = {
        price: BigInt(feed.price.price),
        conf: BigInt(feed.price.conf),
        expo: feed.price.expo,
        publishTime: feed.price.publish_time,
      };
      const problem = assessPythPrice(quote, Math.floor(options.clock.now() / 1000));
      if (problem !== null) throw new AdapterError('PRICE__REJECTED', { problem });
      return quote;
    },
  };
}
