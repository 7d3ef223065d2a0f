import {
  presaleStateFromJson,
  type PresaleResponse,
  type PresaleState,
  type PresaleVariant,
} from '@fbt/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { presaleQueryKey, presaleQueryOptions } from '../../../lib/presale-api';

/** The presale as last read by the BFF, with bigints (the same query as the presale page). */
export function usePresaleState(variant: PresaleVariant): {
  response: PresaleResponse | undefined;
  state: PresaleState | undefined;
  error: Error | null;
} {
  const query = useQuery(presaleQueryOptions(variant));
  useRefreshOnWindowLoad(variant);
  return {
    response: query.data,
    state: query.data ? presaleStateFromJson(query.data.state) : undefined,
    error: query.error,
  };
}

/**
 * The presale info is also read when the window has loaded (the page's images and
 * fonts included), besides on mount, every minute and from the stream. Already loaded: nothing
 * to wait for (the mount read is that read).
 */
function useRefreshOnWindowLoad(variant: PresaleVariant): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (document.readyState === 'complete') return;
    const onLoad = () => void queryClient.invalidateQueries({ queryKey: presaleQueryKey(variant) });
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [queryClient, variant]);
}
