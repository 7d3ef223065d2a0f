/**
 * The presale Blink against the real local chain, bought from: a client written to the Solana
 * Actions specification (actions-client.ts) resolves the site's links through /actions.json,
 * GETs, POSTs, signs with a keypair and sends; the chain then holds the buyer's FBT and the
 * leader's accrued 10%. Also what the Action says of the presale, its icon, the CORS preflight
 * and the path links' redirects. Refusals and blocked presales: actions-refusals.test.ts.
 */
import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { leaderBlinkUrl } from '@fbt/domain';
import {
  decodeLeaderRecordAccount,
  findLeaderRecordAddress,
  PresaleInstruction,
} from '@fbt/presale-client';
import { ACTION_ICON_SVG } from '../src/routes/api/actions/icon';
import {
  assertActionHeaders,
  fillLinkedAction,
  getAction,
  postAction,
  resolveActionUrl,
  signAndSend,
} from './support/actions-client';
import {
  actionUrl,
  amountAction,
  blinkWorld,
  originOf,
  PRICE,
  SOL,
  startApp,
  useBlinkWorld,
} from './support/actions-fixture';

useBlinkWorld();

describe('a Solana Actions client buys from the Blink', () => {
  it('buys through a leader Blink: the buyer holds the FBT and the leader record accrued 10%', async () => {
    const { connection } = blinkWorld.chain;
    const [recordAddress] = findLeaderRecordAddress(
      new PublicKey(blinkWorld.chain.deployment.programId),
      new PublicKey(blinkWorld.chain.deployment.presales.leader.address),
      'beast42',
    );
    const recordBefore = decodeLeaderRecordAccount(
      new Uint8Array((await connection.getAccountInfo(recordAddress))?.data ?? []),
    );
    const buyer = await blinkWorld.chain.fundedKeypair(10);

    // The link a leader shares, resolved through /actions.json as a Blink client does.
    const resolved = await resolveActionUrl(leaderBlinkUrl(blinkWorld.origin, 'beast42'));
    expect(resolved).toBe(actionUrl('leader', '?code=beast42'));
    const { action, headers } = await getAction(resolved ?? '');
    expect(headers.get('x-action-version')).toBe('2.4');
    const genesis = await connection.getGenesisHash();
    expect(headers.get('x-blockchain-ids')).toBe(`solana:${genesis.slice(0, 32)}`);
    expect(action).toMatchObject({ title: 'FBT Leader Presale', label: 'Buy FBT' });
    expect(action.disabled).toBeUndefined();
    expect(action.description).toContain('leader code beast42');

    const href = fillLinkedAction(amountAction(action), resolved ?? '', { amount: '2' });
    const answer = await postAction(href, { account: buyer.publicKey.toBase58() });
    expect(answer.message).toBe('Buy 40,000 FBT for 2 SOL with leader code beast42.');
    const { signature, transaction } = await signAndSend(connection, answer.transaction, buyer);

    // What the transaction holds: compute budget, priority fee, the buyer's token account
    // created, then BuyWith naming the leader record; nothing else (no memo). A version-0
    // message: the presale's accounts come from the deployment's lookup table.
    expect(transaction.version).toBe(0);
    const [lookup] = transaction.message.addressTableLookups;
    expect(lookup?.accountKey.toBase58()).toBe(blinkWorld.deployment.lookupTable);
    const { value: table } = await connection.getAddressLookupTable(lookup!.accountKey);
    const keys = transaction.message.getAccountKeys({ addressLookupTableAccounts: [table!] });
    const leaderPresale = blinkWorld.chain.deployment.presales.leader.address;
    expect(keys.staticAccountKeys.map(String)).not.toContain(leaderPresale);
    const programs = transaction.message.compiledInstructions.map((ix) =>
      keys.get(ix.programIdIndex)?.toBase58(),
    );
    expect(programs.slice(0, 2)).toEqual([
      ComputeBudgetProgram.programId.toBase58(),
      ComputeBudgetProgram.programId.toBase58(),
    ]);
    expect(programs.slice(2)).toEqual([
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      blinkWorld.chain.deployment.programId,
    ]);
    const buyWith = transaction.message.compiledInstructions.find(
      (ix) => keys.get(ix.programIdIndex)?.toBase58() === blinkWorld.chain.deployment.programId,
    );
    expect(buyWith?.data[0]).toBe(PresaleInstruction.BuyWith);
    const named = buyWith?.accountKeyIndexes.map((i) => keys.get(i)?.toBase58());
    expect(named?.[1]).toBe(leaderPresale);
    expect(named?.[11]).toBe(recordAddress.toBase58());
    expect(keys.get(0)?.equals(buyer.publicKey)).toBe(true);

    const ata = getAssociatedTokenAddressSync(
      new PublicKey(blinkWorld.chain.deployment.mint),
      buyer.publicKey,
    );
    expect((await getAccount(connection, ata, 'confirmed')).amount).toBe(
      (2n * SOL * 1_000_000n) / PRICE,
    );
    const recordAfter = decodeLeaderRecordAccount(
      new Uint8Array((await connection.getAccountInfo(recordAddress, 'confirmed'))?.data ?? []),
    );
    expect(recordAfter.solsEarned - recordBefore.solsEarned).toBe((2n * SOL) / 10n);
    expect(recordAfter.volumeLamports - recordBefore.volumeLamports).toBe(2n * SOL);
    expect(recordAfter.buys - recordBefore.buys).toBe(1n);

    // No report follows a Blink buy: the reconciler finds it under the leader presale (an
    // address the transaction loaded from the table) and records it by its record.
    await blinkWorld.app.leaderIndex.reconcile();
    expect(await blinkWorld.wired.deps.ledger.findBuy(signature)).toMatchObject({
      leaderCode: 'beast42',
      wallet: buyer.publicKey.toBase58(),
      lamports: 2n * SOL,
      commissionLamports: SOL / 5n,
      source: 'reconciler',
    });
  });

  it('buys with a preset button on the public Blink, resolved from the site link', async () => {
    const buyer = await blinkWorld.chain.fundedKeypair(5);
    const resolved = await resolveActionUrl(`${blinkWorld.origin}/presale`);
    expect(resolved).toBe(actionUrl('public'));
    const { action } = await getAction(resolved ?? '');
    const labels = action.links?.actions.map((linked) => linked.label);
    expect(labels).toEqual(['Buy 0.5 SOL', 'Buy 1 SOL', 'Buy 5 SOL', 'Buy FBT']);
    expect(amountAction(action).parameters?.[0]).toMatchObject({
      name: 'amount',
      type: 'number',
      required: true,
      min: 0.1,
      max: 10,
    });
    const oneSol = action.links?.actions.find((linked) => linked.label === 'Buy 1 SOL');
    const answer = await postAction(fillLinkedAction(oneSol!, resolved ?? ''), {
      account: buyer.publicKey.toBase58(),
    });
    await signAndSend(blinkWorld.chain.connection, answer.transaction, buyer);
    const ata = getAssociatedTokenAddressSync(
      new PublicKey(blinkWorld.chain.deployment.mint),
      buyer.publicKey,
    );
    expect((await getAccount(blinkWorld.chain.connection, ata, 'confirmed')).amount).toBe(
      20_000n * 1_000_000n,
    );
    // The buyer's record is what the site reads: the Blink buy counts toward the maximum.
    const record = await blinkWorld.app.inject(
      `/api/v1/presales/public/buyers/${buyer.publicKey.toBase58()}`,
    );
    expect(record.json()).toMatchObject({ boughtLamports: SOL.toString() });
  });

  it('answers a legacy transaction, which lands too, when the deployment has no lookup table', async () => {
    const withoutTable = await startApp({}, blinkWorld.chain.deployment);
    const buyer = await blinkWorld.chain.fundedKeypair(5);
    const answer = await postAction(
      `${originOf(withoutTable)}/api/actions/presale/leader?code=beast42&amount=1`,
      { account: buyer.publicKey.toBase58() },
    );
    const { transaction } = await signAndSend(
      blinkWorld.chain.connection,
      answer.transaction,
      buyer,
    );
    expect(transaction.version).toBe('legacy');
    const ata = getAssociatedTokenAddressSync(
      new PublicKey(blinkWorld.chain.deployment.mint),
      buyer.publicKey,
    );
    expect((await getAccount(blinkWorld.chain.connection, ata, 'confirmed')).amount).toBe(
      20_000n * 1_000_000n,
    );
  });

  it('describes the presale with the live price, progress and limits, and serves its icon', async () => {
    const { action } = await getAction(actionUrl('public'));
    expect(action.title).toBe('FBT Presale');
    expect(action.description).toMatch(
      /^Buy FBT at 0\.00005 SOL per token \(20,000 FBT per SOL\)\. Raised [\d.]+ of 100 SOL \([\d.]+%\)\. Each wallet buys from 0\.1 to 10 SOL in total\. The FBT arrive in your wallet in the same transaction\.$/,
    );
    expect(action.icon).toBe(`${blinkWorld.origin}/api/actions/icon.svg`);
    const icon = await fetch(action.icon);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await icon.text()).toBe(ACTION_ICON_SVG);
  });

  it('answers the CORS preflight of the Action and of actions.json', async () => {
    for (const url of [actionUrl('public'), `${blinkWorld.origin}/actions.json`]) {
      const response = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://x.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(response.status).toBe(204);
      assertActionHeaders(response.headers);
      expect(response.headers.get('x-action-version')).toBe('2.4');
    }
  });

  it('publishes actions.json mapping the site pages, and redirects the path links to the hash routes', async () => {
    const response = await fetch(`${blinkWorld.origin}/actions.json`);
    assertActionHeaders(response.headers);
    expect(await response.json()).toEqual({
      rules: [
        { pathPattern: '/presale', apiPath: '/api/actions/presale/public' },
        { pathPattern: '/mammamia-vip', apiPath: '/api/actions/presale/private' },
        { pathPattern: '/leader', apiPath: '/api/actions/presale/leader' },
        { pathPattern: '/api/actions/**', apiPath: '/api/actions/**' },
      ],
    });
    const leaderPage = await fetch(leaderBlinkUrl(blinkWorld.origin, 'beast42'), {
      redirect: 'manual',
    });
    expect(leaderPage.status).toBe(302);
    expect(leaderPage.headers.get('location')).toBe('/#/leader?code=beast42');
    const privatePage = await fetch(`${blinkWorld.origin}/mammamia-vip`, { redirect: 'manual' });
    expect(privatePage.headers.get('location')).toBe('/#/mammamia-vip');
    expect(await resolveActionUrl(actionUrl('private'))).toBe(actionUrl('private'));
  });
});
