/**
 * Limits of the `/rpc` proxy on what a client sends: how deep and how large a call's params
 * may be (checked without recursion, so no input can exhaust the stack), and what a call costs
 * the paid RPC behind the proxy (accounts read, transactions simulated), for a per-client
 * budget per minute.
 */

/** Deepest nesting of a call's params (Solana's own calls need fewer than 10 levels). */
export const RPC_MAX_PARAMS_DEPTH = 32;
/** Most values (array items, object entries) in one call's params. */
export const RPC_MAX_PARAMS_VALUES = 2_000;
/** Most keys one getMultipleAccounts may ask for (the Solana RPC's own limit). */
export const RPC_MAX_ACCOUNT_KEYS = 100;
/** Default cost units a client may spend a minute. */
export const DEFAULT_RPC_COST_BUDGET_PER_MINUTE = 2_000;
/** What one simulation costs (sendTransaction simulates as its preflight). */
export const RPC_SIMULATION_COST = 10;

/** Why a call's params may not be forwarded, or null (iterative walk, bounded work). */
export function paramsProblem(params: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: params, depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= RPC_MAX_PARAMS_DEPTH) {
      return `Invalid params: nested deeper than ${RPC_MAX_PARAMS_DEPTH} levels`;
    }
    const children = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
    values += children.length;
    if (values > RPC_MAX_PARAMS_VALUES) {
      return `Invalid params: more than ${RPC_MAX_PARAMS_VALUES} values`;
    }
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}

function firstArrayLength(params: unknown): number {
  const first: unknown = Array.isArray(params) ? params[0] : undefined;
  return Array.isArray(first) ? first.length : 1;
}

/** Why an allowed method's arguments are refused, or null. */
export function methodParamsProblem(method: string, params: unknown): string | null {
  if (method === 'getMultipleAccounts' && firstArrayLength(params) > RPC_MAX_ACCOUNT_KEYS) {
    return `Invalid params: getMultipleAccounts takes at most ${RPC_MAX_ACCOUNT_KEYS} keys`;
  }
  return null;
}

/**
 * What one call costs: accounts read (one per key of getMultipleAccounts, one per signature of
 * getSignatureStatuses, ten for a scan of an owner's token accounts), {@link RPC_SIMULATION_COST}
 * per simulated transaction, one for anything else.
 */
export function callCost(method: string, params: unknown): number {
  switch (method) {
    case 'getMultipleAccounts':
    case 'getSignatureStatuses':
      return Math.max(1, firstArrayLength(params));
    case 'getTokenAccountsByOwner':
      return 10;
    case 'simulateTransaction':
    case 'sendTransaction':
      return RPC_SIMULATION_COST;
    default:
      return 1;
  }
}

/**
 * A per-client cost budget over fixed one-minute windows. `spend` answers `null` when the
 * call may go ahead, else the seconds until the client's window resets.
 */
export interface CostBudget {
  spend(key: string, cost: number): Promise<number | null>;
}

const WINDOW_MS = 60_000;
const MAX_TRACKED_CLIENTS = 100_000;

/** Creates a {@link CostBudget} of `perMinute` units per client, in this instance's memory. */
export function createCostBudget(perMinute: number, now: () => number = Date.now): CostBudget {
  const windows = new Map<string, { start: number; spent: number }>();
  const spendNow = (key: string, cost: number): number | null => {
    const at = now();
    if (windows.size > MAX_TRACKED_CLIENTS) {
      for (const [client, window] of windows) {
        if (at - window.start >= WINDOW_MS) windows.delete(client);
      }
    }
    let window = windows.get(key);
    if (window === undefined || at - window.start >= WINDOW_MS) {
      window = { start: at, spent: 0 };
      windows.set(key, window);
    }
    if (window.spent + cost > perMinute) {
      return Math.max(1, Math.ceil((window.start + WINDOW_MS - at) / 1000));
    }
    window.spent += cost;
    return null;
  };
  return { spend: (key, cost) => Promise.resolve(spendNow(key, cost)) };
}

/**
 * Adds `cost` to the client's window unless that would pass the budget (then takes nothing
 * back and answers the milliseconds left in the window); -1 = spent. The window starts with
 * the client's first call of the minute (its key expires with it). Atomic, so two instances
 * answering the same client at once cannot both spend the last units.
 */
const SPEND_SCRIPT = `
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if spent + cost > tonumber(ARGV[2]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = tonumber(ARGV[3]) end
  return left
end
redis.call('INCRBY', KEYS[1], cost)
if spent == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return -1
`;

/** The part of an ioredis client {@link createRedisCostBudget} uses. */
export interface CostBudgetRedis {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** Options of {@link createRedisCostBudget}. */
export interface RedisCostBudgetOptions {
  readonly redis: CostBudgetRedis;
  readonly perMinute: number;
  /** Key prefix (the deployment's, so two deployments sharing a Redis never mix). */
  readonly prefix: string;
  /** Hears a failed Redis command (the caller decides how often to log). */
  readonly onError?: (error: unknown) => void;
  readonly now?: () => number;
}

/**
 * A {@link CostBudget} shared by every instance through Redis: a client spreading calls over
 * N instances gets one budget, not N. While Redis fails (down, stalled past the client's
 * command timeout) each instance falls back to its own in-memory budget, so the paid RPC stays
 * protected (at worst N budgets, as without Redis) instead of unlimited.
 */
export function createRedisCostBudget(options: RedisCostBudgetOptions): CostBudget {
  const local = createCostBudget(options.perMinute, options.now);
  return {
    async spend(key, cost) {
      try {
        const left = Number(
          await options.redis.eval(
            SPEND_SCRIPT,
            1,
            `${options.prefix}rpc-cost:${key}`,
            cost,
            options.perMinute,
            WINDOW_MS,
          ),
        );
        return left < 0 ? null : Math.max(1, Math.ceil(left / 1000));
      } catch (error) {
        options.onError?.(error);
        return local.spend(key, cost);
      }
    },
  };
}
