import { ed25519 } from '@noble/curves/ed25519';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  TransactionSigningError,
  WalletRequestRejectedError,
  createKeypairWallet,
  readCompactU16,
  secretKeyFromSeed,
  signWireTransaction,
  type WalletRequest,
} from './index';

const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k';
const payer = Keypair.fromSeed(new Uint8Array(32).fill(1));
const cosigner = Keypair.fromSeed(new Uint8Array(32).fill(2));
const recipient = new PublicKey(new Uint8Array(32).fill(3));

function legacyTransfer(signers: Keypair[]): Transaction {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: BLOCKHASH });
  tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 5 }));
  for (const signer of signers.slice(1)) {
    tx.add(
      SystemProgram.transfer({ fromPubkey: signer.publicKey, toPubkey: recipient, lamports: 1 }),
    );
  }
  return tx;
}

function unsignedBytes(tx: Transaction): Uint8Array {
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false });
}

describe('signing a wire transaction', () => {
  it('produces exactly the signature web3.js produces for a legacy transaction', () => {
    const ours = signWireTransaction(unsignedBytes(legacyTransfer([payer])), payer.secretKey);
    const theirs = legacyTransfer([payer]);
    theirs.sign(payer);
    expect(Buffer.from(ours).toString('hex')).toBe(theirs.serialize().toString('hex'));
    expect(Transaction.from(ours).verifySignatures()).toBe(true);
  });

  it('signs a v0 transaction in the right slot and leaves the other slot for the co-signer', () => {
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: BLOCKHASH,
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 5 }),
        SystemProgram.transfer({
          fromPubkey: cosigner.publicKey,
          toPubkey: recipient,
          lamports: 1,
        }),
      ],
    }).compileToV0Message();
    const unsigned = new VersionedTransaction(message).serialize();

    const byCosigner = signWireTransaction(unsigned, cosigner.secretKey);
    const decoded = VersionedTransaction.deserialize(byCosigner);
    expect(decoded.signatures[0]).toEqual(new Uint8Array(64));
    expect(
      ed25519.verify(
        decoded.signatures[1] ?? new Uint8Array(),
        message.serialize(),
        cosigner.publicKey.toBytes(),
      ),
    ).toBe(true);

    const reference = new VersionedTransaction(message);
    reference.sign([payer, cosigner]);
    expect(signWireTransaction(byCosigner, payer.secretKey)).toEqual(reference.serialize());
  });

  it('refuses to sign for a key that is not a signer', () => {
    const stranger = Keypair.fromSeed(new Uint8Array(32).fill(9));
    expect(() =>
      signWireTransaction(unsignedBytes(legacyTransfer([payer])), stranger.secretKey),
    ).toThrow(/not a signer/);
  });

  it.each([
    ['empty bytes', new Uint8Array(0), /compact-u16/],
    ['only a signature count', Uint8Array.of(1), /no message/],
    ['a header that disagrees with the count', Uint8Array.of(0, 1, 0, 0, 0), /does not match/],
    ['truncated keys', Uint8Array.of(0, 0, 0, 0, 5, 1, 2), /Truncated account keys/],
    ['an unknown version', Uint8Array.of(0, 0x81, 0, 0, 0, 0), /Unsupported transaction version 1/],
  ])('refuses %s', (_name, bytes, message) => {
    expect(() => signWireTransaction(bytes, payer.secretKey)).toThrow(message);
    expect(() => signWireTransaction(bytes, payer.secretKey)).toThrow(TransactionSigningError);
  });

  it('refuses a secret key of the wrong size', () => {
    expect(() => signWireTransaction(new Uint8Array(10), new Uint8Array(32))).toThrow(/64 bytes/);
  });

  it.each([
    [[0x00], 0, 1],
    [[0x7f], 127, 1],
    [[0x80, 0x01], 128, 2],
    [[0xff, 0xff, 0x03], 65535, 3],
  ])('reads compact-u16 %j as %s', (bytes, value, size) => {
    expect(readCompactU16(Uint8Array.from(bytes), 0)).toEqual({ value, size });
  });

  it('derives the same key pair as web3.js from a seed', () => {
    expect(secretKeyFromSeed(new Uint8Array(32).fill(1))).toEqual(payer.secretKey);
    expect(() => secretKeyFromSeed(new Uint8Array(31))).toThrow(/32 bytes/);
  });
});

describe('the keypair wallet', () => {
  const chains = ['solana:localnet'] as const;
  const icon = 'data:image/svg+xml;base64,PHN2Zy8+' as const;

  function wallet(approve?: (request: WalletRequest) => boolean) {
    return createKeypairWallet({
      name: 'Test Wallet',
      icon,
      secretKey: payer.secretKey,
      chains,
      approve,
    });
  }

  it('exposes the features the wallet adapter needs to detect a Solana wallet', () => {
    expect(Object.keys(wallet().features).sort()).toEqual([
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ]);
  });

  describe('when connecting', () => {
    it('exposes its one account and tells listeners', async () => {
      const w = wallet();
      const seen: number[] = [];
      w.features['standard:events'].on('change', ({ accounts }) =>
        seen.push(accounts?.length ?? -1),
      );
      expect(w.accounts).toEqual([]);
      const { accounts } = await w.features['standard:connect'].connect();
      expect(accounts.map((a) => a.address)).toEqual([payer.publicKey.toBase58()]);
      expect(w.accounts).toHaveLength(1);
      await w.features['standard:disconnect'].disconnect();
      expect(w.accounts).toEqual([]);
      expect(seen).toEqual([1, 0]);
    });

    it('rejects with code 4001 when refused', async () => {
      const w = wallet((request) => request.kind !== 'connect');
      await expect(w.features['standard:connect'].connect()).rejects.toMatchObject({
        code: 4001,
        message: 'User rejected the request.',
      });
      expect(w.accounts).toEqual([]);
    });
  });

  describe('when the user switches account', () => {
    it('tells listeners the new account and signs with its key', async () => {
      const w = wallet();
      await w.features['standard:connect'].connect();
      const seen: string[] = [];
      w.features['standard:events'].on('change', ({ accounts }) =>
        seen.push(accounts?.[0]?.address ?? 'none'),
      );
      w.switchAccount(cosigner.secretKey);
      expect(seen).toEqual([cosigner.publicKey.toBase58()]);
      const [account] = w.accounts;
      const tx = new Transaction({ feePayer: cosigner.publicKey, recentBlockhash: BLOCKHASH }).add(
        SystemProgram.transfer({
          fromPubkey: cosigner.publicKey,
          toPubkey: recipient,
          lamports: 1,
        }),
      );
      const [output] = await w.features['solana:signTransaction'].signTransaction({
        account: account!,
        transaction: unsignedBytes(tx),
      });
      expect(Transaction.from(output!.signedTransaction).verifySignatures()).toBe(true);
    });

    it('stays silent while disconnected and connects to the new account later', async () => {
      const w = wallet();
      const seen: number[] = [];
      w.features['standard:events'].on('change', () => seen.push(1));
      w.switchAccount(cosigner.secretKey);
      expect(seen).toEqual([]);
      const { accounts } = await w.features['standard:connect'].connect();
      expect(accounts[0]?.address).toBe(cosigner.publicKey.toBase58());
    });
  });

  describe('when asked to sign', () => {
    it('signs a transaction web3.js accepts', async () => {
      const w = wallet();
      const [account] = (await w.features['standard:connect'].connect()).accounts;
      const [output] = await w.features['solana:signTransaction'].signTransaction({
        account: account!,
        transaction: unsignedBytes(legacyTransfer([payer])),
      });
      expect(Transaction.from(output!.signedTransaction).verifySignatures()).toBe(true);
    });

    it('can be made to reject a transaction on demand', async () => {
      let reject = true;
      const w = wallet((request) => !(request.kind === 'signTransaction' && reject));
      const [account] = (await w.features['standard:connect'].connect()).accounts;
      const input = { account: account!, transaction: unsignedBytes(legacyTransfer([payer])) };
      await expect(
        w.features['solana:signTransaction'].signTransaction(input),
      ).rejects.toBeInstanceOf(WalletRequestRejectedError);
      reject = false;
      await expect(
        w.features['solana:signTransaction'].signTransaction(input),
      ).resolves.toHaveLength(1);
    });

    it('refuses an account it does not own', async () => {
      const w = wallet();
      const [account] = (await w.features['standard:connect'].connect()).accounts;
      await expect(
        w.features['solana:signTransaction'].signTransaction({
          account: { ...account!, address: recipient.toBase58() },
          transaction: unsignedBytes(legacyTransfer([payer])),
        }),
      ).rejects.toThrow(/Unknown account/);
    });

    it('signs messages verifiably', async () => {
      const w = wallet();
      const [account] = (await w.features['standard:connect'].connect()).accounts;
      const message = new TextEncoder().encode('gm beasts');
      const [output] = await w.features['solana:signMessage'].signMessage({
        account: account!,
        message,
      });
      expect(ed25519.verify(output!.signature, message, payer.publicKey.toBytes())).toBe(true);
    });
  });
});
