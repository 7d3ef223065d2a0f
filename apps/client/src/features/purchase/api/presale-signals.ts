import type { PresaleVariant } from '@fbt/domain';
import { createChainSignals, type ChainSignalSource } from '@fbt/purchase';

const sources = new Map<PresaleVariant, ChainSignalSource>();

/**
 * The presale's change signals: fed by `usePresaleStream` (a signal per `presale:<variant>`
 * message, live while its socket delivers), read by the purchase while it confirms, so the
 * status is read as soon as the BFF pushes the presale account a buy changed. Not live while
 * no stream runs, and the purchase then polls.
 */
export function presaleSignals(variant: PresaleVariant): ChainSignalSource {
  let source = sources.get(variant);
  if (source === undefined) {
    source = createChainSignals();
    sources.set(variant, source);
  }
  return source;
}
