import type {
  ConfigResponse,
  GoalsResponse,
  LeaderboardResponse,
  PresaleResponse,
  PresaleVariant,
  PriceResponse,
} from '@fbt/domain';

/** Canned BFF answers for the site's browser tests (shapes from @fbt/domain's schemas). */
export interface SiteFixtures {
  config: ConfigResponse;
  goals: GoalsResponse;
  leaderboard: LeaderboardResponse;
  presale: Record<PresaleVariant, PresaleResponse>;
  price: PriceResponse;
}

const PROGRAM_ID = 'BPFLoaderUpgradeab1e11111111111111111111111';
const MINT = 'So11111111111111111111111111111111111111112';
const SELLER = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const TEMP = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

function presale(
  variant: PresaleVariant,
  address: string,
  sold: bigint,
  target: bigint,
): PresaleResponse {
  const fill = target === 0n ? 0 : Number((sold * 10_000n) / target) / 100;
  return {
    variant,
    address,
    state: {
      isInitialized: true,
      isActived: true,
      sellerPubkey: SELLER,
      tempTokenAccountPubkey: TEMP,
      tokenPrice: '50000',
      maxUserBuyable: '10000000000',
      minUserBuyable: '100000000',
      maxTotalBuyable: target.toString(),
      currentTotalSold: sold.toString(),
    },
    window: { start: null, end: null },
    allowlisted: false,
    soldOut: false,
    // Delivery at completion, as `npm start` seeds the presales: open, everything at completion.
    delivery: {
      mode: 'at-completion',
      status: 'open',
      minimumRaiseLamports: '0',
      vesting: { unlockedAtCompletionBps: 10_000, cliffSeconds: 0, vestingSeconds: 0 },
      completedAt: null,
      tokensOwed: ((sold * 1_000_000n) / 50_000n).toString(),
      tokensDelivered: '0',
      buyerCount: '0',
      buyersDelivered: '0',
      buyersRefunded: '0',
    },
    targetLamports: target.toString(),
    progress: {
      fillPercent: Math.min(fill, 100),
      completed: sold >= target,
      remainingLamports: (sold >= target ? 0n : target - sold).toString(),
    },
    fetchedAt: '2026-11-21T12:00:00.000Z',
    stale: false,
  };
}

export function createFixtures(): SiteFixtures {
  const at = '2026-11-21T12:00:00.000Z';
  return {
    config: {
      cluster: 'localnet',
      rpcPath: '/rpc',
      explorerRpcUrl: 'http://127.0.0.1:8899',
      programId: PROGRAM_ID,
      mint: MINT,
      tokenPriceLamports: '50000',
      fbtDecimals: 6,
      privateRouteName: 'private',
      variants: [],
      links: {
        whitepaperEn: 'https://docs.example.org/fbt/whitepaper-en.pdf',
        whitepaperIt: 'https://docs.example.org/fbt/whitepaper-it.pdf',
        terms: 'https://docs.example.org/fbt/terms.pdf',
        telegram: 'https://t.me/fbt_example',
        x: 'https://x.com/fbt_example',
        marketplace: 'https://market.example.org',
        nftMarketplace: 'https://nft.example.org/fbt',
        partnerMail: 'mailto:partners@example.org',
        mammamiaFirstStep: 'https://t.me/fbt_example/1',
      },
      content: { sample: false, auditFirm: null },
    },
    goals: {
      telegram: { count: 1234, source: 'operator', stale: false, fetchedAt: at },
      x: { count: 640, source: 'operator', stale: false, fetchedAt: at },
    },
    leaderboard: {
      leaders: [
        {
          code: 'beast42',
          buys: 17,
          totalLamports: '42500000000',
          commissionLamports: '4250000000',
        },
        {
          code: 'roaring_sam',
          buys: 9,
          totalLamports: '18000000000',
          commissionLamports: '1800000000',
        },
        { code: 'calm-mia', buys: 3, totalLamports: '2500000000', commissionLamports: '250000000' },
      ],
    },
    price: {
      price: '14523000000',
      expo: -8,
      conf: '7000000',
      usd: '145.23',
      publishTime: 1_795_300_000,
      source: 'pyth',
      stale: false,
    },
    presale: {
      public: presale('public', SELLER, 37_500_000_000n, 100_000_000_000n),
      private: presale('private', TEMP, 120_000_000_000n, 250_000_000_000n),
      leader: presale('leader', MINT, 210_000_000_000n, 800_000_000_000n),
    },
  };
}
