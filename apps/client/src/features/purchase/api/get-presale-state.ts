import {
  presaleStateFromJson,
  type PresaleResponse,
  type PresaleState,
  type PresaleVariant,
} from '@fbt/domain';
import { useQuery } from '@tanstack/react-query';
import { presaleQueryOptions } from '../../../lib/presale-api';

/** The presale as last read by the BFF, with bigints (the same query as the presale page). */
export function usePresaleState(variant: PresaleVariant): {
  response: PresaleResponse | undefined;
  state: PresaleState | undefined;
  error: Error | null;
} {
  const query = useQuery(presaleQueryOptions(variant));
  return {
    response: query.data,
    state: query.data ? presaleStateFromJson(query.data.state) : undefined,
    error: query.error,
  };
}
