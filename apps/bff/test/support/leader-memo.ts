import { PublicKey, TransactionInstruction } from '@solana/web3.js';

const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * The SPL Memo `fbt:leader:<code>`, signed by `signer`. The site's buys no longer carry it (the
 * leader record alone names the leader); the ledger's rule for a leader presale without leader
 * records still reads it, so its tests write it themselves.
 */
export function leaderMemo(code: string, signer: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [{ pubkey: signer, isSigner: true, isWritable: false }],
    data: Buffer.from(`fbt:leader:${code}`, 'utf8'),
  });
}
