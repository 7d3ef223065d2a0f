/// <reference lib="webworker" />
/**
 * The worker that checks BFF answers against the wire schemas (see `wire-check.ts`): zod and
 * the schemas are evaluated here, off the page's thread, and every check runs here too.
 */
import { checkWireBody, isWireSchemaName } from './wire-schemas';
import type { WireReply, WireRequest } from './wire-check';

declare const self: DedicatedWorkerGlobalScope;

self.addEventListener('message', (event: MessageEvent<WireRequest>) => {
  const { id, name, body } = event.data;
  let reply: WireReply;
  try {
    reply = isWireSchemaName(name)
      ? { id, check: checkWireBody(name, body) }
      : { id, error: `unknown wire schema ${JSON.stringify(name)}` };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
});
