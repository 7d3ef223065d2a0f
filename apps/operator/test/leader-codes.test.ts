import path from 'node:path';
import { decodeLeaderRecordAccount, findLeaderRecordAddress } from '@fbt/presale-client';
import { Keypair, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeypairFile } from '../src/keypair-file';
import { ensureLeaderCodes, type LeaderCodesRequest } from '../src/leader-codes';
import { chainArgsFor, cli, startTestNet } from './support/helpers';
import type { TestNet } from './support/helpers';

let net: TestNet;
let request: Omit<LeaderCodesRequest, 'leaders'>;

/** A seeded local chain: the leader presale and its seller. */
beforeAll(async () => {
  net = await startTestNet();
  const dataDir = path.join(net.dataDir, 'seeded');
  const seeded = await cli(['seed-local', ...chainArgsFor(net), '--data-dir', dataDir]);
  expect(seeded.code).toBe(0);
  const presales = seeded.json().presales as Record<'leader', { address: string }>;
  request = {
    connection: net.connection,
    programId: new PublicKey(seeded.json().programId as string),
    presale: new PublicKey(presales.leader.address),
    seller: readKeypairFile(path.join(dataDir, 'wallets', 'operator.json')),
  };
}, 120_000);
afterAll(async () => {
  await net.stop();
});

const wallet = () => Keypair.generate().publicKey.toBase58();

async function record(code: string) {
  const [address] = findLeaderRecordAddress(request.programId, request.presale, code);
  const info = await net.connection.getAccountInfo(address, 'confirmed');
  return info === null ? null : decodeLeaderRecordAccount(info.data);
}

describe('ensureLeaderCodes (the library call `npm start` uses for extra codes)', () => {
  it('registers the codes not on chain yet, keeps those on the same wallet, refuses another', async () => {
    const first = wallet();
    const leaders = [
      { code: 'lib-one', wallet: first },
      { code: 'lib-two', wallet: wallet() },
    ];
    expect(await ensureLeaderCodes({ ...request, leaders })).toEqual(['lib-one', 'lib-two']);
    expect(await record('lib-one')).toMatchObject({ code: 'lib-one', wallet: first, active: true });
    const more = [...leaders, { code: 'lib-three', wallet: wallet() }];
    expect(await ensureLeaderCodes({ ...request, leaders: more })).toEqual(['lib-three']);
    await expect(
      ensureLeaderCodes({
        ...request,
        leaders: [
          { code: 'lib-four', wallet: wallet() },
          { code: 'lib-one', wallet: wallet() },
        ],
      }),
    ).rejects.toThrow(`leader code "lib-one" is registered to ${first}, not `);
    // Refused before anything was sent.
    expect(await record('lib-four')).toBeNull();
  });

  it('registers more codes than fit one transaction', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ code: `batch-${i}`, wallet: wallet() }));
    expect(await ensureLeaderCodes({ ...request, leaders: many })).toHaveLength(11);
    expect(await record('batch-10')).toMatchObject({ wallet: many[10]?.wallet });
  });
});
