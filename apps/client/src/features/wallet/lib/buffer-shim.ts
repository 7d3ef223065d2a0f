import { Buffer } from 'buffer';

// @solana/spl-token and parts of web3.js use the Node `Buffer` global; browsers have none.
// Imported first by the presale route module so it runs before any Solana code (DESIGN.md §8).
globalThis.Buffer ??= Buffer;
