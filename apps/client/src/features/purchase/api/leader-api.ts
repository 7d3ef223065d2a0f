import { httpErrorText, type LeaderReportRequest, type LeaderReportResponse } from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../../config/api';
import { checkWire, prepareWireCheck } from '../../../lib/wire-check';

/**
 * The answer about a leader code: known (with its on-chain record and whether the record is
 * active, when the code is registered on chain), unknown, or not checkable now.
 */
export type LeaderCodeCheck =
  | {
      readonly status: 'known';
      readonly code: string;
      /** The code's leader record (the BuyWith leader account); absent: none on chain. */
      readonly record?: string;
      readonly active?: boolean;
    }
  | { readonly status: 'unknown'; readonly message: string }
  | { readonly status: 'error'; readonly message: string };

/** `GET /api/v1/leaders/:code`: is this code registered? (checked before any buy). */
export async function checkLeaderCode(
  code: string,
  signal?: AbortSignal,
): Promise<LeaderCodeCheck> {
  prepareWireCheck();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/leaders/${encodeURIComponent(code)}`, {
      headers: { accept: 'application/json' },
      signal: signal ?? null,
    });
  } catch (error) {
    return { status: 'error', message: (error as Error).message };
  }
  if (response.status === 404 || response.status === 400) {
    return { status: 'unknown', message: `Unknown leader code "${code}".` };
  }
  if (!response.ok) return { status: 'error', message: httpErrorText(response.status) };
  const body: unknown = await response.json().catch(() => null);
  let parsed;
  try {
    parsed = await checkWire('leaderDetailResponseSchema', body);
  } catch (error) {
    return { status: 'error', message: (error as Error).message };
  }
  if (!parsed.success) return { status: 'error', message: 'Invalid leader response' };
  const { code: known, record, active } = parsed.data;
  return {
    status: 'known',
    code: known,
    ...(record === undefined ? {} : { record, active: active ?? true }),
  };
}

export function useLeaderCodeCheck(code: string | null) {
  return useQuery({
    queryKey: ['leader-code', code],
    queryFn: ({ signal }) => checkLeaderCode(code ?? '', signal),
    enabled: code !== null,
    staleTime: 60_000,
  });
}

/** How a leader report ended: recorded, refused by the server, or not delivered. */
export type LeaderReportResult =
  | { readonly kind: 'recorded'; readonly response: LeaderReportResponse }
  | { readonly kind: 'rejected'; readonly code: string; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * `POST /api/v1/leader-reports`: the BFF records the buy only after verifying it on chain.
 * A 4xx answer with an error body is a refusal ('Warning'); anything else that is not 2xx is
 * a delivery failure ('Error' with 'HTTP error! status: N').
 */
export async function postLeaderReport(report: LeaderReportRequest): Promise<LeaderReportResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/leader-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(report),
    });
  } catch (error) {
    return { kind: 'failed', message: (error as Error).message };
  }
  const body: unknown = await response.json().catch(() => null);
  let parsed;
  let error;
  try {
    if (response.ok) parsed = await checkWire('leaderReportResponseSchema', body);
    else error = await checkWire('apiErrorBodySchema', body);
  } catch (failure) {
    return { kind: 'failed', message: (failure as Error).message };
  }
  if (parsed !== undefined) {
    if (parsed.success) {
      console.info('leader report', parsed.data);
      return { kind: 'recorded', response: parsed.data };
    }
    return { kind: 'failed', message: 'Invalid leader report response' };
  }
  if (response.status >= 400 && response.status < 500 && error?.success === true) {
    return { kind: 'rejected', code: error.data.error.code, message: error.data.error.message };
  }
  return { kind: 'failed', message: httpErrorText(response.status) };
}
