export { createLocalnet, DEFAULT_DATA_DIR, DEFAULT_RPC_PORT, DEFAULT_WS_PORT } from './localnet';
export type { Localnet, LocalnetOptions } from './localnet';
export { createChain, BLOCKHASH_VALIDITY_BLOCKS, blockhashValidityBlocks } from './chain';
export type { Chain, ChainOptions, TransactionRecord } from './chain';
export { RPC_ERROR, RpcError } from './rpc-error';
