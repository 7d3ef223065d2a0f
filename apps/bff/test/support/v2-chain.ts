/**
 * The sale-rule transactions of the v2 suites on the real local chain: leaders registered,
 * suspended and claimed, allowlist roots, windows, and purchases through a leader record or
 * with an allowlist proof, each signed and confirmed over JSON-RPC like the operator and the
 * site send them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Keypair,
  PublicKey,
  sendAndConfirmTransaction,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import type { PresaleVariant } from '@fbt/domain';
import { ALLOWLIST_FILE_FORMAT, ALLOWLIST_FILE_VERSION, allowlistFileName } from '@fbt/domain';
import {
  buildAllowlistTree,
  buildBuyInstructions,
  buildClaimCommissionInstruction,
  buildRegisterLeaderInstruction,
  buildSetAllowlistInstruction,
  buildSetLeaderActiveInstruction,
  buildSetWindowInstruction,
  fetchPresaleAccount,
  findLeaderRecordAddress,
  type AllowlistTree,
} from '@fbt/presale-client';
import type { SeededChain } from './chain-fixture';

/** The v2 operations on one seeded chain. */
export interface V2Chain {
  readonly programId: PublicKey;
  presale(variant: PresaleVariant): PublicKey;
  /** The leader record of `code` on the leader presale. */
  recordOf(code: string): PublicKey;
  send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<string>;
  registerLeader(code: string, wallet: PublicKey): Promise<string>;
  setLeaderActive(code: string, active: boolean): Promise<string>;
  claim(wallet: Keypair, code: string): Promise<string>;
  setAllowlist(variant: PresaleVariant, tree: AllowlistTree | null): Promise<string>;
  setWindow(variant: PresaleVariant, start: bigint, end: bigint): Promise<string>;
  /** A BuyWith on `variant`, optionally through a leader record and with a proof. */
  buyWith(
    buyer: Keypair,
    variant: PresaleVariant,
    lamports: bigint,
    options?: { leaderRecord?: PublicKey; proof?: readonly Uint8Array[] },
  ): Promise<string>;
}

export function v2Chain(chain: SeededChain): V2Chain {
  const { connection, deployment, seller } = chain;
  const programId = new PublicKey(deployment.programId);
  const presale = (variant: PresaleVariant) => new PublicKey(deployment.presales[variant].address);
  const send = (instructions: TransactionInstruction[], signers: Keypair[]) =>
    sendAndConfirmTransaction(connection, new Transaction().add(...instructions), signers, {
      commitment: 'confirmed',
    });
  const sellerParams = (variant: PresaleVariant) => ({
    programId,
    seller: seller.publicKey,
    presale: presale(variant),
  });
  const recordOf = (code: string) => findLeaderRecordAddress(programId, presale('leader'), code)[0];
  return {
    programId,
    presale,
    recordOf,
    send,
    registerLeader: (code, wallet) =>
      send(
        [buildRegisterLeaderInstruction({ ...sellerParams('leader'), code, leaderWallet: wallet })],
        [seller],
      ),
    setLeaderActive: (code, active) =>
      send(
        [buildSetLeaderActiveInstruction({ ...sellerParams('leader'), code, active })],
        [seller],
      ),
    claim: (wallet, code) =>
      send(
        [
          buildClaimCommissionInstruction({
            programId,
            leaderWallet: wallet.publicKey,
            leaderRecord: recordOf(code),
          }),
        ],
        [wallet],
      ),
    setAllowlist: (variant, tree) =>
      send(
        [buildSetAllowlistInstruction({ ...sellerParams(variant), root: tree?.root ?? null })],
        [seller],
      ),
    setWindow: (variant, start, end) =>
      send([buildSetWindowInstruction({ ...sellerParams(variant), start, end })], [seller]),
    async buyWith(buyer, variant, lamports, options = {}) {
      const account = await fetchPresaleAccount(connection, programId, presale(variant));
      if (account === null) throw new Error(`no ${variant} presale`);
      const instructions = buildBuyInstructions({
        programId,
        presale: presale(variant),
        buyer: buyer.publicKey,
        seller: new PublicKey(account.sellerPubkey),
        tempTokenAccount: new PublicKey(account.tempTokenAccountPubkey),
        mint: new PublicKey(deployment.mint),
        lamports,
        createBuyerTokenAccount: true,
        ...(options.leaderRecord === undefined ? {} : { leaderRecord: options.leaderRecord }),
        ...(options.proof === undefined ? {} : { allowlistProof: options.proof }),
      });
      return send(instructions, [buyer]);
    },
  };
}

/** The allowlist of `wallets` for a presale, and its file (version 2, wallets only) in `dir`. */
export function writeAllowlistFile(
  dir: string,
  chain: SeededChain,
  variant: PresaleVariant,
  wallets: readonly PublicKey[],
): AllowlistTree {
  const presale = new PublicKey(chain.deployment.presales[variant].address);
  const tree = buildAllowlistTree(presale, wallets);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, allowlistFileName(variant)),
    JSON.stringify({
      format: ALLOWLIST_FILE_FORMAT,
      version: ALLOWLIST_FILE_VERSION,
      programId: chain.deployment.programId,
      presale: presale.toBase58(),
      variant,
      root: tree.rootHex,
      leafCount: tree.size,
      wallets: wallets.map((wallet) => wallet.toBase58()).sort(),
    }),
  );
  return tree;
}
