export {
  WalletFeatureProvider,
  WALLET_NAME_STORAGE_KEY,
} from './components/wallet-feature-provider';
