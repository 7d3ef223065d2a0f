import type { PriceStreamListener, PriceStreamStatus, Sleep, Unsubscribe } from '@fbt/domain';
import { AdapterError } from './adapter-error';
import { recordRefusal, type HermesConnection } from './pyth-hermes-connection';
import { adapterErrorFromHermes, isAuthRefusal, quoteFromHermesUpdate } from './pyth-hermes-wire';

/** Options of {@link watchHermesPrice}. */
export interface HermesStreamOptions {
  /** First reconnect delay, doubling on each failure in a row; default 1000 ms. */
  readonly reconnectMs?: number;
  /** Longest reconnect delay; default 60000 ms. */
  readonly maxReconnectMs?: number;
  /**
   * Waits before a reconnect (injected so tests release it by hand). The default timer is
   * unref'd, so a pending reconnect never keeps the process alive.
   */
  readonly sleep?: Sleep;
  /**
   * A connection that stays open but delivers nothing for this long is treated as dropped and
   * reconnected (Hermes sends SOL/USD several times a second; a proxy can leave a dead socket
   * open). Default 30000 ms.
   */
  readonly silenceMs?: number;
  /** Arms a one-shot timer and returns its cancel (injected so tests fire it by hand). */
  readonly setTimer?: (ms: number, fire: () => void) => () => void;
}

/** How one stream connection ended. */
interface StreamEnd {
  readonly reason: string;
  readonly unauthorized: boolean;
  /** At least one acceptable quote arrived: the next failure starts the backoff again. */
  readonly delivered: boolean;
}

type HermesEventSource = Awaited<ReturnType<HermesConnection['client']['getPriceUpdatesStream']>>;

const unrefTimer = (ms: number, fire: () => void): (() => void) => {
  const timer = setTimeout(fire, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

const unrefSleep: Sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Subscribes to Hermes' server-sent-events stream (`/v2/updates/price/stream`, parsed) through
 * `HermesClient.getPriceUpdatesStream`, which sends the API key as a Bearer header. Each event
 * is checked like a polled answer; a bad one is reported and the stream stays open. When the
 * stream fails, ends or stays silent for `silenceMs`, the EventSource is closed (its own 3 s
 * reconnect is not used) and we reconnect after a doubling delay, or after `authRetryMs` when Hermes refused the key (the
 * refusal also pauses the polled reads). Returns the function that stops it for good.
 */
export function watchHermesPrice(
  connection: HermesConnection,
  listener: PriceStreamListener,
  options: HermesStreamOptions = {},
): Unsubscribe {
  const reconnectMs = options.reconnectMs ?? 1000;
  const maxReconnectMs = options.maxReconnectMs ?? 60_000;
  const sleep = options.sleep ?? unrefSleep;
  const silenceMs = options.silenceMs ?? 30_000;
  const setTimer = options.setTimer ?? unrefTimer;
  let stopped = false;
  let current: HermesEventSource | null = null;
  let endCurrent: ((end: StreamEnd) => void) | null = null;

  const runOnce = (): Promise<StreamEnd> =>
    new Promise((resolve) => {
      let delivered = false;
      let settled = false;
      let cancelSilence: () => void = () => undefined;
      const finish = (reason: string, unauthorized: boolean): void => {
        if (settled) return;
        settled = true;
        cancelSilence();
        current?.close();
        current = null;
        endCurrent = null;
        resolve({ reason, unauthorized, delivered });
      };
      endCurrent = (end) => finish(end.reason, end.unauthorized);
      connection.client.getPriceUpdatesStream([`0x${connection.feedId}`], { parsed: true }).then(
        (source) => {
          current = source;
          if (stopped || settled) {
            finish('stopped', false);
            return;
          }
          // Any event (even a rejected one) proves the connection alive; silence does not.
          const watchSilence = (): void => {
            cancelSilence();
            cancelSilence = setTimer(silenceMs, () =>
              finish(`silent for ${silenceMs / 1000} s`, false),
            );
          };
          watchSilence();
          source.onopen = () => {
            watchSilence();
            listener.onStatus({ state: 'open' });
          };
          source.onmessage = (event: MessageEvent) => {
            watchSilence();
            const data: unknown = event.data;
            try {
              const body = JSON.parse(typeof data === 'string' ? data : '') as unknown;
              listener.onQuote(quoteFromHermesUpdate(body, connection.feedId, connection.clock));
              delivered = true;
            } catch (error) {
              listener.onRejected(
                error instanceof AdapterError
                  ? error
                  : new AdapterError(
                      'UPSTREAM__BAD_RESPONSE',
                      { upstream: 'pyth', issue: 'event data is not JSON' },
                      { cause: error },
                    ),
              );
            }
          };
          source.onerror = (event) => {
            const status = event.code;
            finish(
              status === undefined ? (event.message ?? 'disconnected') : `HTTP ${status}`,
              isAuthRefusal(status),
            );
          };
        },
        (error: unknown) => finish(adapterErrorFromHermes(error, connection.timeoutMs).code, false),
      );
    });

  const loop = async (): Promise<void> => {
    let failures = 0;
    while (!stopped) {
      const refused = connection.refused;
      if (refused !== null && connection.clock.now() < refused.until) {
        const retryInMs = refused.until - connection.clock.now();
        listener.onStatus(down(`HTTP ${refused.status}`, true, retryInMs));
        await sleep(retryInMs);
        continue;
      }
      const end = await runOnce();
      if (stopped) return;
      failures = end.delivered ? 1 : failures + 1;
      if (end.unauthorized) {
        recordRefusal(connection, Number(end.reason.replace('HTTP ', '')));
        continue; // the refusal above reports it and waits
      }
      const delay = Math.min(reconnectMs * 2 ** (failures - 1), maxReconnectMs);
      listener.onStatus(down(end.reason, false, delay));
      await sleep(delay);
    }
  };
  void loop();

  return () => {
    stopped = true;
    endCurrent?.({ reason: 'stopped', unauthorized: false, delivered: false });
  };
}

function down(reason: string, unauthorized: boolean, retryInMs: number): PriceStreamStatus {
  return { state: 'down', reason, unauthorized, retryInMs };
}
