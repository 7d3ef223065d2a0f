import type * as WireSchemasModule from './wire-schemas';
import type { WireCheck, WireOutput, WireSchemaName } from './wire-schemas';

/**
 * Checking BFF answers against the wire schemas, off the page's thread.
 *
 * zod and the schemas (`wire-schemas.ts`) are evaluated in a worker of their own
 * (`wire-worker.ts`), which checks every body the site reads, by HTTP or the stream: on a phone
 * their evaluation and the first checks are a few hundred milliseconds the page's thread would
 * otherwise spend right after the first paint, when the visitor starts to scroll and tap. A body
 * crosses to the worker and its parsed value back as structured clones (plain JSON data), in
 * well under a millisecond for the site's answers.
 *
 * Where no worker runs (no `Worker` at all, or its script failed to load, e.g. a deploy replaced
 * it), the same check runs on the page's thread, with the schemas loaded on first use; a check
 * waiting on a failed worker is run there too, so no read is lost.
 */

/** A check asked of the worker. */
export interface WireRequest {
  readonly id: number;
  readonly name: WireSchemaName;
  readonly body: unknown;
}

/** The worker's answer to request `id`: the check, or why it could not run. */
export type WireReply =
  | { readonly id: number; readonly check: WireCheck<unknown> }
  | { readonly id: number; readonly error: string };

interface Waiting {
  readonly name: WireSchemaName;
  readonly body: unknown;
  readonly resolve: (check: WireCheck<unknown>) => void;
  readonly reject: (error: Error) => void;
}

/** What the checker uses of a `Worker`. */
export type WireWorker = Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;

/** Checks bodies against the wire schemas: in a worker while one runs, else on this thread. */
export interface WireChecker {
  /** Starts the worker (once), so it is ready by the time a first answer arrives. */
  prepare(): void;
  check<N extends WireSchemaName>(name: N, body: unknown): Promise<WireCheck<WireOutput<N>>>;
}

/**
 * A checker over `startWorker` (`null`: no worker can run here) and `checkHere`, the same check
 * on this thread. A worker that fails (its script did not load, a reply could not be read) is
 * dropped for good, and what it left unanswered is checked here.
 */
export function createWireChecker(options: {
  readonly startWorker: () => WireWorker | null;
  readonly checkHere: (name: WireSchemaName, body: unknown) => Promise<WireCheck<unknown>>;
}): WireChecker {
  const { checkHere } = options;
  /** The worker; `null` once none can run, so checks run on this thread. */
  let worker: WireWorker | null | undefined;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const abandon = (failed: WireWorker, reason: unknown) => {
    if (worker !== failed) return;
    console.warn('the answer-checking worker failed; checking on the page instead', reason);
    failed.terminate();
    worker = null;
    const left = [...waiting.values()];
    waiting.clear();
    for (const request of left) {
      checkHere(request.name, request.body).then(request.resolve, request.reject);
    }
  };

  const start = (): WireWorker | null => {
    let started: WireWorker | null;
    try {
      started = options.startWorker();
    } catch (error) {
      console.warn('the answer-checking worker could not start; checking on the page', error);
      return null;
    }
    if (started === null) return null;
    const running = started;
    running.addEventListener('message', (event: MessageEvent<WireReply>) => {
      const reply = event.data;
      const request = waiting.get(reply.id);
      if (request === undefined) return;
      waiting.delete(reply.id);
      if ('check' in reply) request.resolve(reply.check);
      else request.reject(new Error(reply.error));
    });
    running.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault();
      abandon(running, event.message || 'worker error');
    });
    running.addEventListener('messageerror', () => abandon(running, 'unreadable reply'));
    return running;
  };

  const prepare = () => {
    if (worker === undefined) worker = start();
  };

  return {
    prepare,
    check<N extends WireSchemaName>(name: N, body: unknown) {
      prepare();
      const target = worker;
      const checked = target
        ? new Promise<WireCheck<unknown>>((resolve, reject) => {
            const id = nextId++;
            waiting.set(id, { name, body, resolve, reject });
            try {
              target.postMessage({ id, name, body } satisfies WireRequest);
            } catch (error) {
              waiting.delete(id);
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          })
        : checkHere(name, body);
      // The schema named `name` made the data: it is that schema's output.
      return checked as Promise<WireCheck<WireOutput<N>>>;
    },
  };
}

let schemasHere: Promise<typeof WireSchemasModule> | undefined;

/** The schemas on the page's thread, loaded on first use; a failed load is tried again later. */
function loadSchemasHere(): Promise<typeof WireSchemasModule> {
  if (schemasHere === undefined) {
    const loading = import('./wire-schemas').catch((error: unknown) => {
      schemasHere = undefined;
      throw error;
    });
    schemasHere = loading;
  }
  return schemasHere;
}

/** The site's checker: the worker in a browser, this thread where there is no `Worker`. */
const siteChecker = createWireChecker({
  startWorker: () =>
    typeof Worker === 'undefined'
      ? null
      : new Worker(new URL('./wire-worker.ts', import.meta.url), {
          type: 'module',
          name: 'wire-check',
        }),
  checkHere: async (name, body) => (await loadSchemasHere()).checkWireBody(name, body),
});

/**
 * Starts the worker (once), so zod is evaluated there while a first request is in flight: a
 * reader calls it before its request, then checks the answer.
 */
export function prepareWireCheck(): void {
  siteChecker.prepare();
}

/** Checks `body` against the wire schema `name`, in the worker when there is one. */
export function checkWire<N extends WireSchemaName>(
  name: N,
  body: unknown,
): Promise<WireCheck<WireOutput<N>>> {
  return siteChecker.check(name, body);
}
