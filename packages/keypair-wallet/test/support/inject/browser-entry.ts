/**
 * Browser entry of the injectable test wallet: registers a keypair wallet configured by
 * `window.__FBT_TEST_WALLET__` and exposes `window.fbtTestWallet` so a test can make it refuse
 * the next requests and see what was asked. With `previewRpc` set, it previews each transaction
 * before signing as Phantom does (the signer's token changes, each mint named from the chain).
 */
import type { IdentifierString } from '@wallet-standard/base';
import { registerWallet } from '@wallet-standard/wallet';
import { createKeypairWallet, type WalletRequest } from '../../../src/keypair-wallet';
import type { MetadataReaders } from '../preview/describe-token';
import {
  jsonRpc,
  previewTransaction,
  type TransactionPreview,
} from '../preview/preview-transaction';
import {
  TEST_WALLET_ICON,
  type TestWalletConfig,
  type TestWalletControl,
} from './test-wallet-config';

declare global {
  interface Window {
    __FBT_TEST_WALLET__?: TestWalletConfig;
    fbtTestWallet?: TestWalletControl;
  }
}

/** The page's own reads: the document with `fetch`, the image with an `<img>` as a wallet shows it. */
const pageReaders: MetadataReaders = {
  fetchJson: async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  },
  loadImage: (url) =>
    new Promise((resolve) => {
      const image = new Image();
      image.onload = () => resolve(image.naturalWidth > 0);
      image.onerror = () => resolve(false);
      image.src = url;
    }),
};

async function previewOrProblem(
  transaction: Uint8Array,
  owner: string,
  rpcUrl: string,
): Promise<TransactionPreview> {
  try {
    const rpc = jsonRpc(new URL(rpcUrl, window.location.href).toString());
    return await previewTransaction(transaction, owner, rpc, pageReaders);
  } catch (error) {
    return { tokenChanges: [], error: error instanceof Error ? error.message : String(error) };
  }
}

const config = window.__FBT_TEST_WALLET__;
if (config !== undefined) {
  const requests: TestWalletControl['requests'] = [];
  const previews: TestWalletControl['previews'] = [];
  const previewRpc = config.previewRpc;
  const reject: TestWalletControl['reject'] = {
    connect: false,
    signTransaction: false,
    signMessage: false,
  };
  const wallet = createKeypairWallet({
    name: config.name,
    icon: TEST_WALLET_ICON,
    secretKey: Uint8Array.from(config.secretKey),
    chains: config.chains as IdentifierString[],
    approve: async (request: WalletRequest) => {
      requests.push(request.kind);
      const owner = wallet.accounts[0]?.address;
      if (request.kind === 'signTransaction' && previewRpc !== undefined && owner !== undefined) {
        previews.push(await previewOrProblem(request.transaction, owner, previewRpc));
      }
      return !reject[request.kind];
    },
  });
  window.fbtTestWallet = {
    reject,
    requests,
    previews,
    switchAccount: (secretKey) => wallet.switchAccount(Uint8Array.from(secretKey)),
    disconnect: () => wallet.features['standard:disconnect'].disconnect(),
  };
  registerWallet(wallet);
}
