/**
 * Browser entry of the injectable test wallet: registers a keypair wallet configured by
 * `window.__FBT_TEST_WALLET__` and exposes `window.fbtTestWallet` so a test can make it refuse
 * the next requests and see what was asked.
 */
import type { IdentifierString } from '@wallet-standard/base';
import { registerWallet } from '@wallet-standard/wallet';
import { createKeypairWallet, type WalletRequest } from '../../../src/keypair-wallet';
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

const config = window.__FBT_TEST_WALLET__;
if (config !== undefined) {
  const requests: TestWalletControl['requests'] = [];
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
    approve: (request: WalletRequest) => {
      requests.push(request.kind);
      return !reject[request.kind];
    },
  });
  window.fbtTestWallet = {
    reject,
    requests,
    switchAccount: (secretKey) => wallet.switchAccount(Uint8Array.from(secretKey)),
    disconnect: () => wallet.features['standard:disconnect'].disconnect(),
  };
  registerWallet(wallet);
}
