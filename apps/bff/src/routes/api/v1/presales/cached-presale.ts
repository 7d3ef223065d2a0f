import type { PresaleSnapshot, PresaleVariant } from '@fbt/domain';
import { isPresaleVariant } from '@fbt/domain';
import type { CachedEntry } from '../../../../cache/refreshing-resource';
import { HttpError } from '../../../../http/http-error';
import type { PresaleCache } from '../../../../services/presale-cache';

/** The `:variant` path parameter, or a 404 naming the three variants. */
export function parseVariant(value: string): PresaleVariant {
  if (!isPresaleVariant(value)) {
    throw new HttpError(
      'PRESALE__UNKNOWN_VARIANT',
      `Unknown presale "${value.slice(0, 40)}"; use public, private or leader.`,
    );
  }
  return value;
}

/** The cached presale, or a retryable 503 before its first read from the chain. */
export function cachedPresale(
  presaleCache: PresaleCache,
  variant: PresaleVariant,
): CachedEntry<PresaleSnapshot> {
  const entry = presaleCache.resources[variant].current();
  if (entry === null) {
    throw new HttpError(
      'PRESALE__UNAVAILABLE',
      'The presale has not been read from the chain yet.',
      503,
      5,
    );
  }
  return entry;
}
