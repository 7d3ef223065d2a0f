import { LEADER_COMMISSION_BPS } from './leader';
import { COMMITTED_PROGRAM_BUILDS } from './program-build';
import { LEADER_TARGET_LAMPORTS, PUBLIC_TARGET_LAMPORTS } from './presale-variant';
import { FBT_DECIMALS, FBT_SUPPLY, TOKEN_PRICE_LAMPORTS } from './units';
import type { DeclaredTermsJson } from './api-schemas';
import type { DeclaredMultisig, DeclaredPresaleTerms, VerifyExpectations } from './verify-facts';

/** The token's name as the site shows it, which its metadata must carry. */
export const FBT_TOKEN_NAME = 'Frustrated Beast Token';
/** The token's symbol as the site shows it. */
export const FBT_TOKEN_SYMBOL = 'FBT';

/**
 * What the site says of a deployment, against which the chain is checked: this repository's
 * supply, decimals, name, symbol, price, leader commission and committed program builds, and
 * the deployment's own addresses, published metadata address, declared multisigs, page
 * targets and declared delivery terms (none when not given).
 */
export function siteVerifyExpectations(deployment: {
  readonly mint: string;
  readonly programId: string;
  readonly metadataUri: string | null;
  readonly multisigs: readonly DeclaredMultisig[];
  readonly presaleTargets: VerifyExpectations['presaleTargets'];
  readonly presaleTerms?: VerifyExpectations['presaleTerms'];
}): VerifyExpectations {
  return {
    mint: deployment.mint,
    programId: deployment.programId,
    metadataUri: deployment.metadataUri,
    multisigs: deployment.multisigs,
    presaleTargets: deployment.presaleTargets,
    presaleTerms: deployment.presaleTerms ?? {},
    supply: FBT_SUPPLY * 10n ** BigInt(FBT_DECIMALS),
    decimals: FBT_DECIMALS,
    tokenName: FBT_TOKEN_NAME,
    tokenSymbol: FBT_TOKEN_SYMBOL,
    programBuilds: COMMITTED_PROGRAM_BUILDS,
    tokenPriceLamports: TOKEN_PRICE_LAMPORTS,
    leaderCommissionBps: LEADER_COMMISSION_BPS,
  };
}

/**
 * The total each presale page shows as its target, which the presale's total limit must equal:
 * 100 SOL public, 800 SOL leader; the private page shows the chain's own total (null).
 */
export const PRESALE_PAGE_TARGETS: VerifyExpectations['presaleTargets'] = {
  public: PUBLIC_TARGET_LAMPORTS,
  private: null,
  leader: LEADER_TARGET_LAMPORTS,
};

/**
 * Declared terms as the checks compare them: an absent minimum raise is none, an absent vesting
 * everything at completion (10,000 bps, no cliff, no duration).
 *
 * @example declaredPresaleTerms({ delivery: 'instant' }).minimumRaise // 0n
 */
export function declaredPresaleTerms(json: DeclaredTermsJson): DeclaredPresaleTerms {
  return {
    mode: json.delivery,
    minimumRaise: BigInt(json.minimumRaiseLamports ?? '0'),
    vesting: {
      unlockedAtCompletionBps: json.unlockedAtCompletionBps ?? 10_000,
      cliffSeconds: json.cliffSeconds ?? 0,
      vestingSeconds: json.vestingSeconds ?? 0,
    },
  };
}
