// The buyer's wallet names the FBT it is about to receive as Phantom does: the test wallet,
// registered as "Phantom" and previewing through the site's `/rpc`, simulates the Buy, finds the
// buyer's Token-2022 FBT account credited and names its mint from the chain (the TokenMetadata
// extension, the `uri` document the site serves, the logo that document names); a classic SPL
// Token mint made on the same chain, without metadata, it calls unknown. The page is
// opened at the site's public address, the origin the mint's `uri` names, since an in-page
// wallet's reads obey the page's Content-Security-Policy (an extension's do not).
import { FBT_DECIMALS } from '@fbt/domain';
import type { TransactionPreview } from '@fbt/keypair-wallet/testing';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMint,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { openBuyerPage } from '../../test/support/buy-stack';
import { connect, sendAndWait, typeAmount, useBuySession } from '../../test/support/buy-session';

const session = useBuySession();

describe('the wallet’s preview of a buy', () => {
  it('names the credited FBT "Frustrated Beast Token" (FBT) with the logo the site serves', async () => {
    const { stack, browser } = session;
    const uri = stack.deployment.metadataUri ?? '';
    expect(uri).toMatch(/^http:\/\/localhost:\d+\/token\/fbt\.json$/);
    const site = new URL('/', uri).toString();
    const wallet = await stack.fundedWallet(5);
    const { page, close, errors } = await openBuyerPage(browser, { url: site }, '/presale', {
      wallet,
      walletPreview: true,
    });
    await connect(page, wallet);
    await typeAmount(page, '1');
    const { title, text } = await sendAndWait(page);
    expect(title, text).toBe('Transaction successful');

    const previews = await page.evaluate(() => window.fbtTestWallet?.previews);
    const logo = new URL('/token/fbt.png', site).toString();
    expect(previews).toEqual<TransactionPreview[]>([
      {
        error: null,
        tokenChanges: [
          {
            account: stack.fbtAccount(wallet.publicKey).toBase58(),
            mint: stack.deployment.mint,
            amount: (20_000n * 10n ** BigInt(FBT_DECIMALS)).toString(),
            token: {
              kind: 'known',
              mint: stack.deployment.mint,
              name: 'Frustrated Beast Token',
              symbol: 'FBT',
              uri,
              document: { name: 'Frustrated Beast Token', symbol: 'FBT' },
              image: logo,
              imageLoads: true,
              problem: null,
            },
          },
        ],
      },
    ]);
    // What the wallet previewed is what landed.
    expect(await stack.fbtBalance(wallet.publicKey)).toBe(20_000n * 10n ** BigInt(FBT_DECIMALS));
    const image = await fetch(logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/png/);
    expect(errors).toEqual([]);
    await close();
  });

  it('describes a classic SPL Token mint without metadata as unknown, by address only', async () => {
    const { stack, browser } = session;
    const site = new URL('/', stack.deployment.metadataUri ?? '').toString();
    const wallet = await stack.fundedWallet(1);
    // A plain mint whose authority is the buyer: no metadata anywhere.
    const mint = await createMint(
      stack.connection,
      wallet,
      wallet.publicKey,
      null,
      0,
      undefined,
      {
        commitment: 'confirmed',
      },
      TOKEN_PROGRAM_ID,
    );
    const account = getAssociatedTokenAddressSync(mint, wallet.publicKey, false, TOKEN_PROGRAM_ID);
    const { blockhash } = await stack.connection.getLatestBlockhash('confirmed');
    const unsigned = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash })
      .add(
        createAssociatedTokenAccountIdempotentInstruction(
          wallet.publicKey,
          account,
          wallet.publicKey,
          mint,
          TOKEN_PROGRAM_ID,
        ),
        createMintToInstruction(mint, account, wallet.publicKey, 7, [], TOKEN_PROGRAM_ID),
      )
      .serialize({ requireAllSignatures: false });
    const { page, close } = await openBuyerPage(browser, { url: site }, '/presale', {
      wallet,
      walletPreview: true,
    });
    // Asked as a dapp asks: through the Wallet Standard, the wallet the page registered.
    const signed = await page.evaluate(
      (bytes) =>
        new Promise<number>((resolve, reject) => {
          window.dispatchEvent(
            new CustomEvent('wallet-standard:app-ready', {
              detail: {
                register(wallet: {
                  name: string;
                  features: Record<string, Record<string, (...args: unknown[]) => Promise<never>>>;
                }) {
                  if (wallet.name !== 'Phantom') return () => undefined;
                  const connect = wallet.features['standard:connect']!.connect!;
                  const sign = wallet.features['solana:signTransaction']!.signTransaction!;
                  connect()
                    .then(({ accounts }: { accounts: unknown[] }) =>
                      sign({ account: accounts[0], transaction: Uint8Array.from(bytes) }),
                    )
                    .then(([out]: { signedTransaction: Uint8Array }[]) =>
                      resolve(out!.signedTransaction.length),
                    )
                    .catch(reject);
                  return () => undefined;
                },
              },
            }),
          );
        }),
      [...unsigned],
    );
    expect(signed).toBe(unsigned.length);
    expect(await page.evaluate(() => window.fbtTestWallet?.previews)).toEqual<TransactionPreview[]>(
      [
        {
          error: null,
          tokenChanges: [
            {
              account: account.toBase58(),
              mint: mint.toBase58(),
              amount: '7',
              token: { kind: 'unknown', mint: mint.toBase58() },
            },
          ],
        },
      ],
    );
    await close();
  });
});
