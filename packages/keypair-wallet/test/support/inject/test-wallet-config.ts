import type { WalletRequest } from '../../../src/keypair-wallet';
import type { TransactionPreview } from '../preview/preview-transaction';

/** How the injected wallet is configured (set as `window.__FBT_TEST_WALLET__`). */
export interface TestWalletConfig {
  readonly name: string;
  /** 64-byte Solana secret key as numbers (JSON-friendly). */
  readonly secretKey: readonly number[];
  readonly chains: readonly string[];
  /**
   * The JSON-RPC endpoint (absolute, or relative to the page, e.g. the BFF's `/rpc`) through
   * which the wallet previews each transaction before signing, as Phantom does; no preview
   * when absent.
   */
  readonly previewRpc?: string;
}

/** What a test can steer at run time through `window.fbtTestWallet`. */
export interface TestWalletControl {
  /** Set a kind to `true` to refuse those requests with 'User rejected the request.'. */
  reject: Record<WalletRequest['kind'], boolean>;
  /** Every request received, in order. */
  requests: WalletRequest['kind'][];
  /**
   * With `previewRpc`: the preview of each transaction asked to be signed, in order (the
   * signer's token changes, each mint named from its metadata, or unknown).
   */
  previews: TransactionPreview[];
  /** Switches to another account (64-byte secret key as numbers), as a wallet app would. */
  switchAccount(secretKey: readonly number[]): void;
  /** Disconnects from the wallet's side, as when the user revokes the site inside the wallet. */
  disconnect(): Promise<void>;
}

/** A small beast-green square with a key, so the wallet is recognisable in the picker. */
export const TEST_WALLET_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzFmYjY3MyIvPjxjaXJjbGUgY3g9IjEzIiBjeT0iMTYiIHI9IjUiIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIi8+PHBhdGggZD0iTTE4IDE2aDhtLTMgMHY0IiBzdHJva2U9IiNmZmYiIHN0cm9rZS13aWR0aD0iMyIgZmlsbD0ibm9uZSIvPjwvc3ZnPg==' as const;
