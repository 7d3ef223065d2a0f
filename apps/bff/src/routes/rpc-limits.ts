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

/** A per-client cost budget over fixed one-minute windows, in this instance's memory. */
export interface CostBudget {
  /** Spends `cost` for `key`; `null` when allowed, else the seconds until the window resets. */
  spend(key: string, cost: number): number | null;
}

const WINDOW_MS = 60_000;
const MAX_TRACKED_CLIENTS = 100_000;

/** Creates a {@link CostBudget} of `perMinute` units per client. */
export function createCostBudget(perMinute: number, now: () => number = Date.now): CostBudget {
  const windows = new Map<string, { start: number; spent: number }>();
  return {
    spend(key, cost) {
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
    },
  };
}
