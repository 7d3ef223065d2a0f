import type { PresaleVariant } from '@fbt/domain';
import { useQueryClient } from '@tanstack/react-query';
import { parsePresale, presaleQueryKey } from '../../../lib/presale-api';
import { useStream } from '../../../lib/use-stream';
import { parseSolPrice, solPriceQueryKey } from './get-sol-price';

/**
 * Live presale progress and price: writes each `presale:<variant>` and `price` update from the
 * BFF stream into the queries, so a buy anywhere shows within a second or two.
 */
export function usePresaleStream(variant: PresaleVariant): void {
  const queryClient = useQueryClient();
  useStream([`presale:${variant}`, 'price'], (message) => {
    if (message.type === 'presale' && message.topic === `presale:${variant}`) {
      queryClient.setQueryData(presaleQueryKey(variant), parsePresale(message.data));
    } else if (message.type === 'price') {
      queryClient.setQueryData(solPriceQueryKey, parseSolPrice(message.data));
    }
  });
}
