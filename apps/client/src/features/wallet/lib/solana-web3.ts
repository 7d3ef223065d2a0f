// The Buffer shim first: Solana modules read the `Buffer` global as they load (buffer-shim.ts).
import './buffer-shim';

/**
 * web3.js alone, for the presale pages' step-by-step load of their wallet side
 * (`app/routes/purchase-wallet-loader.ts`): importing this evaluates web3.js (the largest part
 * of that code) in a task of its own. A binding is re-exported because the package is marked
 * side-effect free: a bare import of it would be dropped from the build.
 */
export { Connection } from '@solana/web3.js';
