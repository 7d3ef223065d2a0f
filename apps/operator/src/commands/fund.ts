import { formatSol } from '@fbt/domain';
import { PublicKey } from '@solana/web3.js';
import type { Connection } from '@solana/web3.js';
import { OperatorError } from '../operator-error';
import { CHAIN_OPTIONS, openChain, requireLocalChain } from '../options/chain';
import { address, parseWith, solAmount } from '../options/validators';
import { formatJson } from '../output';
import { defineCommand } from './command';

/** `fund` tops up developer wallets; a million SOL is far beyond any test and a safe number. */
const MAX_FUND_LAMPORTS = 1_000_000n * 1_000_000_000n;

/** `fund`: SOL for a developer wallet on the local chain, e.g. the site's Local Burner wallet. */
export const fundCommand = defineCommand({
  name: 'fund',
  summary: "airdrop SOL to a wallet on the local chain (e.g. the site's Local Burner wallet)",
  notes: [`Only on a loopback --url; at most ${formatSol(MAX_FUND_LAMPORTS)} SOL at a time.`],
  options: {
    wallet: { type: 'string', value: '<addr>', required: true, description: 'the wallet to fund' },
    sol: { type: 'string', value: '<n>', default: '10', description: 'SOL to airdrop' },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection, url } = openChain(values, io.env);
    requireLocalChain(url, 'fund only airdrops on a local chain');
    const wallet = new PublicKey(parseWith(address('--wallet'), values.wallet));
    const lamports = parseWith(
      solAmount('--sol').refine(
        (value) => value > 0n && value <= MAX_FUND_LAMPORTS,
        `--sol must be more than 0 and at most ${formatSol(MAX_FUND_LAMPORTS)} SOL`,
      ),
      values.sol,
    );
    const signature = await connection.requestAirdrop(wallet, Number(lamports));
    await waitForConfirmed(connection, signature, `airdrop ${signature}`);
    const balance = BigInt(await connection.getBalance(wallet, 'confirmed'));
    io.stdout(
      formatJson({
        wallet: wallet.toBase58(),
        lamports,
        balance,
        balanceDisplay: `${formatSol(balance)} SOL`,
        signature,
      }),
    );
  },
});

/**
 * Polls the signature's status until 'confirmed' (no websocket needed, so a chain on any ports
 * works with just --url); fails on a transaction error or after `timeoutMs`.
 */
async function waitForConfirmed(
  connection: Connection,
  signature: string,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new OperatorError(`${what} failed: ${formatJson(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return;
    if (Date.now() > deadline)
      throw new OperatorError(`${what} was not confirmed within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
