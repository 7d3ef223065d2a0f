import { Buffer } from 'buffer';

// Parts of web3.js and of the wallet adapters use the Node `Buffer` global; browsers have none.
// Every route module with wallet code imports it first, so it runs before any Solana module is
// evaluated.
globalThis.Buffer ??= Buffer;
