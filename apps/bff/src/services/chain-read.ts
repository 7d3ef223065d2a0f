import type { LeaderRecordReader } from '@fbt/domain';

/** A failed chain read (a leader record, the leader presale), as opposed to a ledger failure. */
export class ChainReadError extends Error {
  override readonly name = 'ChainReadError';
}

export const isChainReadError = (error: unknown): error is ChainReadError =>
  error instanceof ChainReadError;

/** `error` marked as a failed chain read. */
export function asChainReadError(error: unknown): ChainReadError {
  return new ChainReadError(error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

/** The record reader with its failures marked as chain reads (answered 503, never 500). */
export function markChainReads(reader: LeaderRecordReader): LeaderRecordReader {
  const wrap =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      read(...args).catch((error: unknown) => {
        throw asChainReadError(error);
      });
  return {
    readLeaderRecordAt: wrap(reader.readLeaderRecordAt.bind(reader)),
    readLeaderRecord: wrap(reader.readLeaderRecord.bind(reader)),
    listLeaderRecords: wrap(reader.listLeaderRecords.bind(reader)),
  };
}
