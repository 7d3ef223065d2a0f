import { type Connection, PublicKey } from '@solana/web3.js';

/** An account as the chain pushed it after a change (the fields of an `accountNotification`). */
export interface AccountChange {
  readonly slot: number;
  readonly lamports: number;
  readonly owner: string;
  readonly data: Uint8Array;
  readonly executable: boolean;
  readonly rentEpoch: number;
  readonly space: number;
}

/** Pushes of single accounts' changes from the chain, for the `/rpc` websocket. */
export interface AccountWatch {
  /**
   * Calls `onChange` with the account at `address` each time a confirmed transaction changes
   * it; returns what stops it.
   */
  watchAccount(address: string, onChange: (change: AccountChange) => void): () => void;
}

/**
 * {@link AccountWatch} over the BFF's own connection's pubsub websocket (`SOLANA_WS_URL`): one
 * `accountSubscribe` per address and commitment, however many browsers watch it (web3.js shares
 * a subscription between the listeners of the same account), ended once the last one stops.
 */
export function createAccountWatch(connection: Connection): AccountWatch {
  return {
    watchAccount(address, onChange) {
      const id = connection.onAccountChange(
        new PublicKey(address),
        (info, context) =>
          onChange({
            slot: context.slot,
            lamports: info.lamports,
            owner: info.owner.toBase58(),
            data: info.data,
            executable: info.executable,
            rentEpoch: info.rentEpoch ?? 0,
            space: info.data.length,
          }),
        { commitment: 'confirmed' },
      );
      return () => {
        connection.removeAccountChangeListener(id).catch(() => undefined);
      };
    },
  };
}
