import {
  autoFeeAnswerSchema,
  feeStatisticsAnswerSchema,
  priorityFeeFromAutoFee,
  priorityFeeFromStatistics,
  swapComputeAnswerSchema,
  swapTransactionsAnswerSchema,
  tradeApiFailureSchema,
  type FetchLike,
  type PriorityFeeReading,
  type PriorityFeeSourcePort,
  type Sleep,
  type SwapComputeAnswer,
  type SwapExchange,
  type SwapQuoteRequest,
  type SwapRefusal,
  type SwapTransactionBuildRequest,
} from '@fbt/domain';
import type { z } from 'zod';
import { AdapterError } from './adapter-error';
import { fetchJson } from './http-json';

/** Transport settings of the swap upstreams (defaults: 8 s per attempt, one retry). */
export interface SwapUpstreamOptions {
  readonly timeoutMs?: number;
  readonly retries?: number;
  readonly backoffMs?: number;
  readonly fetch?: FetchLike;
  readonly sleep?: Sleep;
}

/** Which transaction format the exchange is asked for. */
export type SwapTxVersion = 'V0' | 'LEGACY';

function transport(options: SwapUpstreamOptions, upstream: string) {
  return {
    timeoutMs: options.timeoutMs ?? 8_000,
    retries: options.retries ?? 1,
    backoffMs: options.backoffMs ?? 250,
    upstream,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
  };
}

function parseAnswer<T extends z.ZodType>(
  schema: T,
  answer: unknown,
  upstream: string,
): z.output<T> {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AdapterError('UPSTREAM__BAD_RESPONSE', {
      upstream,
      problem: `${issue?.path.join('.') || '(answer)'}: ${issue?.message ?? 'unexpected shape'}`,
    });
  }
  return parsed.data;
}

/**
 * A Trade API envelope: `{ success: false }` is read as a failure, anything else must be the
 * successful shape (so a bad answer names the field that is wrong, not a union mismatch).
 */
function parseEnvelope<T extends z.ZodType>(
  schema: T,
  answer: unknown,
  upstream: string,
): z.output<T> | SwapRefusal {
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'success' in answer &&
    answer.success === false
  ) {
    return refusal(parseAnswer(tradeApiFailureSchema, answer, upstream).msg);
  }
  return parseAnswer(schema, answer, upstream);
}

function isRefusal(answer: object): answer is SwapRefusal {
  return 'refused' in answer && answer.refused === true;
}

function refusal(msg: string | undefined): SwapRefusal {
  return { refused: true, reason: msg ?? 'the exchange refused without a reason' };
}

/**
 * Raydium's Trade API (`https://transaction-v1.raydium.io`, or a host speaking the same wire
 * format) as the {@link SwapExchange} port: `GET /compute/swap-base-in|out` for quotes and
 * `POST /transaction/swap-base-in|out` for the transactions, every answer checked with zod.
 * Timeouts, network errors, 429 and 5xx are retried (building a transaction has no side effect);
 * `{ success: false }` answers come back as a {@link SwapRefusal}.
 */
export function createRaydiumTradeApi(
  options: SwapUpstreamOptions & { readonly baseUrl: string; readonly txVersion: SwapTxVersion },
): SwapExchange {
  const base = options.baseUrl.replace(/\/+$/, '');
  const settings = transport(options, 'raydium-trade-api');
  const path = (swapType: 'BaseIn' | 'BaseOut') =>
    swapType === 'BaseIn' ? 'swap-base-in' : 'swap-base-out';
  return {
    async quote(request: SwapQuoteRequest): Promise<SwapComputeAnswer | SwapRefusal> {
      const query = new URLSearchParams({
        inputMint: request.inputMint,
        outputMint: request.outputMint,
        amount: request.amount.toString(),
        slippageBps: String(request.slippageBps),
        txVersion: options.txVersion,
      });
      return parseEnvelope(
        swapComputeAnswerSchema,
        await fetchJson(`${base}/compute/${path(request.swapType)}?${query.toString()}`, settings),
        settings.upstream,
      );
    },
    async buildTransactions(request: SwapTransactionBuildRequest) {
      const body = JSON.stringify({
        computeUnitPriceMicroLamports: String(request.computeUnitPriceMicroLamports),
        swapResponse: request.quote,
        txVersion: options.txVersion,
        wallet: request.wallet,
        wrapSol: request.wrapSol,
        unwrapSol: request.unwrapSol,
        ...(request.inputAccount === undefined ? {} : { inputAccount: request.inputAccount }),
        ...(request.outputAccount === undefined ? {} : { outputAccount: request.outputAccount }),
      });
      const answer = parseEnvelope(
        swapTransactionsAnswerSchema,
        await fetchJson(`${base}/transaction/${path(request.quote.data.swapType)}`, {
          ...settings,
          method: 'POST',
          body,
        }),
        settings.upstream,
      );
      return isRefusal(answer) ? answer : answer.data.map((entry) => entry.transaction);
    },
  };
}

/**
 * The swap's priority fee from a fee service, by the shape of its answer: a fee-statistics
 * service (`{ "15": { avg } }`, lamports: `ceil(avg*1e6/600000)` capped at
 * 25,000) or Raydium's api-v3 `/main/auto-fee` (`data.default.h`, micro-lamports, capped).
 */
export function createPriorityFeeSource(
  options: SwapUpstreamOptions & { readonly url: string },
): PriorityFeeSourcePort {
  const settings = transport(options, 'swap-fee-service');
  return {
    async read(): Promise<PriorityFeeReading> {
      const answer = await fetchJson(options.url, settings);
      const statistics = feeStatisticsAnswerSchema.safeParse(answer);
      if (statistics.success) {
        return {
          microLamports: priorityFeeFromStatistics(statistics.data['15'].avg),
          source: 'fee-statistics',
        };
      }
      const autoFee = parseAnswer(autoFeeAnswerSchema, answer, settings.upstream);
      return { microLamports: priorityFeeFromAutoFee(autoFee.data.default.h), source: 'auto-fee' };
    },
  };
}
