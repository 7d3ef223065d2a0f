import { Buffer } from 'buffer';

// @solana/spl-token and parts of web3.js use the Node `Buffer` global; browsers have none.
// Every route module with wallet code imports it first, so it runs before any Solana module is
// evaluated.
globalThis.Buffer ??= Buffer;
