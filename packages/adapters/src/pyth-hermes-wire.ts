import { z } from 'zod';
import type { Clock, PythPrice } from '@fbt/domain';
import { assessPythPrice, pythPriceFeedSchema } from '@fbt/domain';
import { AdapterError } from './adapter-error';

/**
 * What Hermes sends for `/v2/updates/price/latest?parsed=true` and in every server-sent event
 * of `/v2/updates/price/stream?parsed=true`. The official client validates a looser shape
 * (`parsed` may be missing, numbers are any strings); we validate ours before reading a price.
 */
const hermesUpdateSchema = z.object({
  binary: z.object({ encoding: z.string(), data: z.array(z.string()) }),
  parsed: z.array(pythPriceFeedSchema),
});

/** Feed ids compare without case and without the `0x` prefix (Hermes answers without it). */
export function normalizeFeedId(id: string): string {
  return id.toLowerCase().replace(/^0x/, '');
}

/** 401 and 403: Hermes refuses the API key (or its absence). Never retried in a loop. */
export function isAuthRefusal(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

/**
 * Reads our feed's quote out of a Hermes update body and checks it with the domain's rules
 * (staleness at the clock's time, confidence, sign). Throws an {@link AdapterError}:
 * `UPSTREAM__BAD_RESPONSE` (wrong shape, with the first issue), `PRICE__FEED_MISSING`, or
 * `PRICE__REJECTED` (with the domain's `problem`).
 */
export function quoteFromHermesUpdate(body: unknown, feedId: string, clock: Clock): PythPrice {
  const parsed = hermesUpdateSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdapterError('UPSTREAM__BAD_RESPONSE', {
      upstream: 'pyth',
      issue: issue === undefined ? 'invalid' : `${issue.path.join('.')}: ${issue.message}`,
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
  const problem = assessPythPrice(quote, Math.floor(clock.now() / 1000));
  if (problem !== null) throw new AdapterError('PRICE__REJECTED', { problem });
  return quote;
}

/** The HTTP status in the official client's error message (`HTTP error! status: 401, …`). */
function statusInMessage(message: string): number | undefined {
  const match = /^HTTP error! status: (\d{3})\b/.exec(message);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Translates what `HermesClient` throws into an {@link AdapterError}. The client throws plain
 * errors: `HTTP error! status: N` for a non-2xx answer, the fetch's `TimeoutError` when its
 * `timeout` fires, `SyntaxError` for a body that is not JSON, a zod `ZodError` for a wrong shape,
 * and `TypeError: fetch failed` when the connection fails.
 */
export function adapterErrorFromHermes(error: unknown, timeoutMs: number): AdapterError {
  if (error instanceof AdapterError) return error;
  if (!(error instanceof Error)) {
    return new AdapterError('UPSTREAM__NETWORK', { upstream: 'pyth' }, { cause: error });
  }
  const status = statusInMessage(error.message);
  if (isAuthRefusal(status)) {
    return new AdapterError('UPSTREAM__UNAUTHORIZED', { upstream: 'pyth', status });
  }
  if (status !== undefined) {
    return new AdapterError('UPSTREAM__HTTP_STATUS', { upstream: 'pyth', status });
  }
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return new AdapterError('UPSTREAM__TIMEOUT', { upstream: 'pyth', timeoutMs }, { cause: error });
  }
  if (error.name === 'SyntaxError' || error.name === 'ZodError') {
    return new AdapterError(
      'UPSTREAM__BAD_RESPONSE',
      { upstream: 'pyth', issue: error.name === 'SyntaxError' ? 'not JSON' : 'wrong shape' },
      { cause: error },
    );
  }
  return new AdapterError('UPSTREAM__NETWORK', { upstream: 'pyth' }, { cause: error });
}

/** Network failures, timeouts, 429 and 5xx are worth another attempt; the rest is not. */
export function isRetryable(error: AdapterError): boolean {
  if (error.code === 'UPSTREAM__TIMEOUT' || error.code === 'UPSTREAM__NETWORK') return true;
  if (error.code !== 'UPSTREAM__HTTP_STATUS') return false;
  const status = error.context.status;
  return typeof status === 'number' && (status === 429 || status >= 500);
}
