import { z } from 'zod';
import type { Community, CommunityCount, CommunityCounters, LeaderLedger } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import type { FetchLike, Sleep } from '@fbt/domain';
import { fetchJson } from './http-json';

/** Reads one live count from a social API. */
export type CountFetcher = () => Promise<number>;

interface HttpOptions {
  readonly timeoutMs?: number;
  readonly retries?: number;
  readonly backoffMs?: number;
  readonly fetch?: FetchLike;
  readonly sleep?: Sleep;
}

function httpOptions(upstream: string, options: HttpOptions, headers?: Record<string, string>) {
  return {
    upstream,
    timeoutMs: options.timeoutMs ?? 5000,
    retries: options.retries ?? 2,
    backoffMs: options.backoffMs ?? 500,
    ...(headers === undefined ? {} : { headers }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
  };
}

function badResponse(upstream: string, issue: string): AdapterError {
  return new AdapterError('UPSTREAM__BAD_RESPONSE', { upstream, issue });
}

const telegramAnswerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.number().int().nonnegative() }),
  z.object({ ok: z.literal(false), error_code: z.number().optional(), description: z.string() }),
]);

/** Options of {@link createTelegramMemberCounter}. */
export interface TelegramMemberCounterOptions extends HttpOptions {
  /** Default `https://api.telegram.org`. */
  readonly apiBase?: string;
  readonly botToken: string;
  /** `@channelname` or a numeric chat id. */
  readonly chatId: string;
}

/** Telegram Bot API `getChatMemberCount` (`{ ok, result }`). */
export function createTelegramMemberCounter(options: TelegramMemberCounterOptions): CountFetcher {
  const base = (options.apiBase ?? 'https://api.telegram.org').replace(/\/+$/, '');
  const url = `${base}/bot${options.botToken}/getChatMemberCount?chat_id=${encodeURIComponent(options.chatId)}`;
  return async () => {
    const body = await fetchJson(url, httpOptions('telegram', options));
    const parsed = telegramAnswerSchema.safeParse(body);
    if (!parsed.success) throw badResponse('telegram', 'unexpected shape');
    if (!parsed.data.ok) throw badResponse('telegram', parsed.data.description);
    return parsed.data.result;
  };
}

const xAnswerSchema = z.object({
  data: z.object({
    public_metrics: z.object({ followers_count: z.number().int().nonnegative() }),
  }),
});

/** Options of {@link createXFollowerCounter}. */
export interface XFollowerCounterOptions extends HttpOptions {
  /** Default `https://api.x.com`. */
  readonly apiBase?: string;
  readonly bearerToken: string;
  readonly username: string;
}

/** X API v2 `GET /2/users/by/username/:name?user.fields=public_metrics` followers count. */
export function createXFollowerCounter(options: XFollowerCounterOptions): CountFetcher {
  const base = (options.apiBase ?? 'https://api.x.com').replace(/\/+$/, '');
  const url = `${base}/2/users/by/username/${encodeURIComponent(options.username)}?user.fields=public_metrics`;
  return async () => {
    const body = await fetchJson(
      url,
      httpOptions('x', options, { authorization: `Bearer ${options.bearerToken}` }),
    );
    const parsed = xAnswerSchema.safeParse(body);
    if (!parsed.success) throw badResponse('x', 'no data.public_metrics.followers_count');
    return parsed.data.data.public_metrics.followers_count;
  };
}

/** Options of {@link createCommunityCounters}. */
export interface CommunityCountersOptions {
  /** Live Telegram count; without it the operator-set count is used. */
  readonly telegram?: CountFetcher;
  /** Live X count; without it the operator-set count is used. */
  readonly twitter?: CountFetcher;
  /** Where the operator-set counts live. */
  readonly ledger: Pick<LeaderLedger, 'getOperatorCount'>;
}

/**
 * Community counts: live from the social API when credentials are configured, otherwise the
 * operator-set count from the database (0 until the operator sets one). Live failures throw:
 * the caller keeps the last good value and marks it stale.
 */
export function createCommunityCounters(options: CommunityCountersOptions): CommunityCounters {
  return {
    async getCount(community: Community): Promise<CommunityCount> {
      const live = community === 'telegram' ? options.telegram : options.twitter;
      if (live !== undefined) {
        return { count: await live(), source: community === 'telegram' ? 'telegram' : 'x' };
      }
      const stored = await options.ledger.getOperatorCount(community);
      return { count: stored ?? 0, source: 'operator' };
    },
  };
}
