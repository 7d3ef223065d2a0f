import type { DistributionResponse, PresaleResponse, PresaleVariant } from '@fbt/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  distributionQueryKey,
  newerDistribution,
  parseDistribution,
} from '../../../lib/distribution-api';
import { newerPresale, parsePresale, presaleQueryKey } from '../../../lib/presale-api';
import { ignoreMalformed, useStream } from '../../../lib/use-stream';
import { parseSolPrice, solPriceQueryKey } from './get-sol-price';
import { presaleSignals } from './presale-signals';

/**
 * Live presale progress and price: writes each `presale:<variant>`, `price` and
 * `distribution:<variant>` (the keeper's report at completion) update from the BFF stream into
 * the queries, so a buy anywhere shows within a second or two. Each presale
 * update is also a signal to a purchase that is confirming (`presaleSignals`): the BFF pushes
 * the account once a buy changed it at 'confirmed', so the buy's status is read right then.
 */
export function usePresaleStream(variant: PresaleVariant): void {
  const queryClient = useQueryClient();
  const signals = presaleSignals(variant);
  const status = useStream(
    [`presale:${variant}`, 'price', `distribution:${variant}`],
    (message) => {
      // Parsed in the order they came (the schemas, once loaded, resolve each in turn).
      if (message.type === 'presale' && message.topic === `presale:${variant}`) {
        parsePresale(message.data).then((presale) => {
          queryClient.setQueryData<PresaleResponse>(presaleQueryKey(variant), (current) =>
            newerPresale(current, presale),
          );
          // Delivering again (the subscription's first message follows every (re)connect).
          signals.setLive(true);
          signals.signal();
        }, ignoreMalformed);
      } else if (message.type === 'distribution' && message.topic === `distribution:${variant}`) {
        parseDistribution(message.data).then(
          (report) =>
            queryClient.setQueryData<DistributionResponse>(
              distributionQueryKey(variant),
              (current) => newerDistribution(current, report),
            ),
          ignoreMalformed,
        );
      } else if (message.type === 'price') {
        parseSolPrice(message.data).then(
          (price) => queryClient.setQueryData(solPriceQueryKey, price),
          ignoreMalformed,
        );
      }
    },
  );
  useEffect(() => {
    if (status !== 'open') signals.setLive(false);
  }, [signals, status]);
  useEffect(() => () => signals.setLive(false), [signals]);
}
