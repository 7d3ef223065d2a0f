import { computeTokenAmount, TOKEN_PRICE_LAMPORTS, type Deployment } from '@fbt/domain';
import { fetchPresaleAccount } from '@fbt/presale-client';
import { PublicKey } from '@solana/web3.js';
import { readChainTime } from '../../src/sale-window';
import { SEED_PRESALES } from '../../src/seed';
import { buyFromFreshWallet, presaleFor, type FaultContext } from './sale-builders';

const SOL = 1_000_000_000n;
const DAY = 86_400;

/** A year's window from the chain's clock, which a sale at completion needs to take buys. */
async function yearWindow(context: FaultContext) {
  const end = (await readChainTime(context.connection)) + 365n * BigInt(DAY);
  return { start: 0n, end };
}

/**
 * A public sale at completion funded one FBT unit short of its allocation, where a fresh buyer
 * then bought 1 SOL: the program accepts the buy (the vault still holds what it owes plus that),
 * and the vault ends one unit short of what is left plus what is owed, while still holding more
 * than what is left alone.
 */
export async function publicSaleShortOfOwed(context: FaultContext): Promise<string> {
  const { base } = context;
  const needed = computeTokenAmount(SEED_PRESALES.public.maxTotalBuyable, TOKEN_PRICE_LAMPORTS);
  const { address } = await presaleFor(
    context,
    new PublicKey(base.programId),
    new PublicKey(base.mint),
    'public',
    needed - 1n,
    { terms: { mode: 'at-completion' }, window: await yearWindow(context) },
  );
  await buyFromFreshWallet(context, address, SOL);
  return address;
}

/** The private round's vesting the declared-terms fault builds: 25%, a 30-day cliff, 180 days. */
const PRIVATE_VESTING = {
  unlockedAtCompletionBps: 2_500,
  cliffSeconds: 30 * DAY,
  vestingSeconds: 180 * DAY,
};

/**
 * Terms declared against the chain's: the seeded public sale's other delivery mode, and a fresh
 * private round at completion (1 SOL in all, no minimum raise, 25% at completion, 30 days'
 * cliff, 180 days), sold out by one buyer so its vesting has dates, declared with a 1 SOL
 * minimum raise and everything at completion.
 */
export async function misdeclaredPresales(context: FaultContext): Promise<Deployment['presales']> {
  const { connection, base } = context;
  const programId = new PublicKey(base.programId);
  const publicSale = await fetchPresaleAccount(
    connection,
    programId,
    new PublicKey(base.presales.public.address),
  );
  if (publicSale === null) throw new Error('no public presale');
  const { address } = await presaleFor(
    context,
    programId,
    new PublicKey(base.mint),
    'private',
    undefined,
    {
      terms: { mode: 'at-completion', vesting: PRIVATE_VESTING },
      window: await yearWindow(context),
    },
    { minUserBuyable: SOL / 10n, maxUserBuyable: SOL, maxTotalBuyable: SOL },
  );
  await buyFromFreshWallet(context, address, SOL);
  return {
    ...base.presales,
    public: {
      ...base.presales.public,
      terms: { delivery: publicSale.deliveryMode === 'instant' ? 'at-completion' : 'instant' },
    },
    private: {
      address,
      terms: { delivery: 'at-completion', minimumRaiseLamports: SOL.toString() },
    },
  };
}
