/**
 * A Blink buy of a presale that delivers at completion names the end of the presale the route
 * read and described as the latest it accepts: on the real local chain, a seller who moves the
 * end later between the POST and the wallet's send has the buy refused (SaleEndMoved), with no
 * SOL taken and no buyer record; a POST after the move carries the new end, and its buy lands.
 */
import { createAccount, mintTo } from '@solana/spl-token';
import {
  Keypair,
  PublicKey,
  sendAndConfirmTransaction,
  Transaction,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '@fbt/domain';
import {
  buildCreatePresaleAccountInstruction,
  buildInitializeInstruction,
  buildSetWindowInstruction,
  decodeBuyInstruction,
  decodePresaleAccount,
  fetchBuyerRecord,
  PRESALE_ACCOUNT_SIZE,
} from '@fbt/presale-client';
import { postAction, signAndSend } from './support/actions-client';
import {
  blinkWorld,
  originOf,
  sendAsSeller,
  SOL,
  startApp,
  useBlinkWorld,
} from './support/actions-fixture';

useBlinkWorld();

const DAY = 86_400n;

/** A new at-completion presale of the seeded mint, open now until `end`; its address. */
async function createAtCompletionPresale(end: bigint): Promise<PublicKey> {
  const { connection, seller, deployment } = blinkWorld.chain;
  const mint = new PublicKey(deployment.mint);
  const programId = new PublicKey(deployment.programId);
  const temp = await createAccount(connection, seller, mint, seller.publicKey, Keypair.generate(), {
    commitment: 'confirmed',
  });
  await mintTo(connection, seller, mint, temp, seller, 1_000_000n * 1_000_000n, [], {
    commitment: 'confirmed',
  });
  const presale = Keypair.generate();
  const rent = await connection.getMinimumBalanceForRentExemption(PRESALE_ACCOUNT_SIZE);
  await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      buildCreatePresaleAccountInstruction({
        programId,
        payer: seller.publicKey,
        presale: presale.publicKey,
        lamports: BigInt(rent),
      }),
      buildInitializeInstruction({
        programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        tempTokenAccount: temp,
        mint,
        tokenPrice: 50_000n,
        minUserBuyable: SOL / 10n,
        maxUserBuyable: 10n * SOL,
        maxTotalBuyable: 500n * SOL,
        terms: { mode: 'at-completion' },
      }),
      buildSetWindowInstruction({
        programId,
        seller: seller.publicKey,
        presale: presale.publicKey,
        start: 0n,
        end,
      }),
    ),
    [seller, presale],
    { commitment: 'confirmed' },
  );
  return presale.publicKey;
}

/** The Blink's transaction: its purchase instruction, decoded. */
function purchaseOf(base64: string) {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  const keys = transaction.message.staticAccountKeys;
  const programId = new PublicKey(blinkWorld.chain.deployment.programId);
  for (const ix of transaction.message.compiledInstructions) {
    const decoded = decodeBuyInstruction(
      {
        programId: keys[ix.programIdIndex]!,
        keys: ix.accountKeyIndexes.map((i) => ({ pubkey: keys[i]! })),
        data: ix.data,
      },
      programId,
    );
    if (decoded !== null) return { transaction, decoded };
  }
  throw new Error('no purchase in the Blink transaction');
}

describe('the Blink’s buy of an at-completion presale', () => {
  it('names the end it read; a seller who moves it later before the send has the buy refused', async () => {
    const { connection } = blinkWorld.chain;
    const end = BigInt(Math.floor(Date.now() / 1000)) + 30n * DAY;
    const presale = await createAtCompletionPresale(end);
    // An app serving this presale as its public sale, without a lookup table (a legacy buy).
    const { lookupTable: _table, ...chainDeployment } = blinkWorld.deployment;
    const deployment: Deployment = {
      ...chainDeployment,
      presales: { ...chainDeployment.presales, public: { address: presale.toBase58() } },
    };
    const origin = originOf(await startApp({}, deployment));
    const href = `${origin}/api/actions/presale/public?amount=1`;
    const buyer = await blinkWorld.chain.fundedKeypair(5);

    const answer = await postAction(href, { account: buyer.publicKey.toBase58() });
    expect(answer.message).toContain('They are delivered when the sale completes.');
    expect(purchaseOf(answer.transaction).decoded).toMatchObject({ latestEnd: end });

    // The front-run: the seller pushes the end out to 2100 before the buyer's wallet sends.
    const params = {
      programId: new PublicKey(deployment.programId),
      seller: blinkWorld.chain.seller.publicKey,
      presale,
    };
    await sendAsSeller(buildSetWindowInstruction({ ...params, start: 0n, end: 4_102_444_800n }));
    const balance = await connection.getBalance(buyer.publicKey, 'confirmed');
    await expect(signAndSend(connection, answer.transaction, buyer)).rejects.toThrow(
      /0x17ca|6090|SaleEndMoved/,
    );
    expect(await connection.getBalance(buyer.publicKey, 'confirmed')).toBe(balance);
    const programId = new PublicKey(deployment.programId);
    expect(await fetchBuyerRecord(connection, programId, presale, buyer.publicKey)).toBeNull();

    // Asked again, the Blink describes the new end and its buy accepts it.
    const again = await postAction(href, { account: buyer.publicKey.toBase58() });
    expect(purchaseOf(again.transaction).decoded).toMatchObject({ latestEnd: 4_102_444_800n });
    await signAndSend(connection, again.transaction, buyer);
    const record = await fetchBuyerRecord(connection, programId, presale, buyer.publicKey);
    expect(record?.fbtBuyedAmount).toBe(SOL);
    const info = await connection.getAccountInfo(presale, 'confirmed');
    expect(decodePresaleAccount(new Uint8Array(info!.data)).currentTotalSold).toBe(SOL);
  });

  it('leaves an instant presale’s buy unbounded', async () => {
    const answer = await postAction(`${blinkWorld.origin}/api/actions/presale/public?amount=1`, {
      account: (await blinkWorld.chain.fundedKeypair(5)).publicKey.toBase58(),
    });
    expect(purchaseOf(answer.transaction).decoded.latestEnd).toBeNull();
  });
});
