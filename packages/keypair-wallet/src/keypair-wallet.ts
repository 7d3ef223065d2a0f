import { encodeBase58 } from '@fbt/domain';
import {
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import { signMessageBytes, signWireTransaction } from './sign-wire-transaction';

/** What the wallet is asked to do; an `approve` hook may refuse any of them. */
export type WalletRequest =
  | { readonly kind: 'connect' }
  | { readonly kind: 'signTransaction'; readonly transaction: Uint8Array }
  | { readonly kind: 'signMessage'; readonly message: Uint8Array };

/** Thrown when a request is refused; code 4001 like EIP-1193 wallets and Phantom. */
export class WalletRequestRejectedError extends Error {
  override readonly name = 'WalletRequestRejectedError';
  readonly code = 4001;
  constructor() {
    super('User rejected the request.');
  }
}

export interface KeypairWalletOptions {
  readonly name: string;
  readonly icon: WalletIcon;
  /** 64-byte Solana secret key (seed + public key). */
  readonly secretKey: Uint8Array;
  readonly chains: readonly IdentifierString[];
  /** Decides each request; approves everything when absent. */
  readonly approve?: (request: WalletRequest) => boolean | Promise<boolean>;
}

type KeypairWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignTransactionFeature &
  SolanaSignMessageFeature;

/** A Wallet Standard wallet with one account, signing with an in-memory keypair. */
export type KeypairWallet = Wallet & {
  readonly features: KeypairWalletFeatures;
  /**
   * Replaces the signing key, as when a user picks another account in their wallet app: when
   * connected, listeners get a `change` event with the new account.
   */
  switchAccount(secretKey: Uint8Array): void;
};

function accountFor(secretKey: Uint8Array, chains: readonly IdentifierString[]): WalletAccount {
  const publicKey = secretKey.slice(32);
  return Object.freeze({
    address: encodeBase58(publicKey),
    publicKey,
    chains,
    features: [SolanaSignTransaction, SolanaSignMessage] as const,
  });
}

/**
 * Creates a Wallet Standard wallet that signs with `secretKey`. Register it with
 * `registerWallet` (from `@wallet-standard/wallet`) and the wallet adapter detects it like
 * Phantom or Solflare. It signs but never sends: the site sends through its own RPC.
 */
export function createKeypairWallet(options: KeypairWalletOptions): KeypairWallet {
  let secretKey = options.secretKey;
  let account = accountFor(secretKey, options.chains);
  let accounts: readonly WalletAccount[] = [];
  const listeners = new Set<StandardEventsListeners['change']>();
  const approve = async (request: WalletRequest): Promise<void> => {
    if (options.approve !== undefined && !(await options.approve(request))) {
      throw new WalletRequestRejectedError();
    }
  };
  const emitChange = (): void => {
    for (const listener of listeners) listener({ accounts });
  };

  const features: KeypairWalletFeatures = {
    [StandardConnect]: {
      version: '1.0.0',
      connect: async () => {
        if (accounts.length === 0) {
          await approve({ kind: 'connect' });
          accounts = [account];
          emitChange();
        }
        return { accounts };
      },
    },
    [StandardDisconnect]: {
      version: '1.0.0',
      disconnect: () => {
        accounts = [];
        emitChange();
        return Promise.resolve();
      },
    },
    [StandardEvents]: {
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change') return () => undefined;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs) => {
        const outputs = [];
        for (const input of inputs) {
          if (input.account.address !== account.address) {
            throw new Error('Unknown account');
          }
          await approve({ kind: 'signTransaction', transaction: input.transaction });
          outputs.push({
            signedTransaction: signWireTransaction(input.transaction, secretKey),
          });
        }
        return outputs;
      },
    },
    [SolanaSignMessage]: {
      version: '1.1.0',
      signMessage: async (...inputs) => {
        const outputs = [];
        for (const input of inputs) {
          await approve({ kind: 'signMessage', message: input.message });
          outputs.push({
            signedMessage: input.message,
            signature: signMessageBytes(input.message, secretKey),
          });
        }
        return outputs;
      },
    },
  };

  return {
    version: '1.0.0',
    name: options.name,
    icon: options.icon,
    chains: options.chains,
    features,
    get accounts() {
      return accounts;
    },
    switchAccount(next: Uint8Array) {
      secretKey = next;
      account = accountFor(next, options.chains);
      if (accounts.length > 0) {
        accounts = [account];
        emitChange();
      }
    },
  };
}
