import type { DeliveryMode, PresaleDelivery, VestingTerms } from './presale-delivery';
import type { DecodedMint, DecodedProgramData, DecodedTokenAccount } from './verify-accounts';
import type { PresaleVariant } from './presale-variant';

/**
 * What "Verify this sale" shows: facts read from the chain by whoever checks (the visitor's
 * browser, the operator's CLI), each passed or failed against what the site says, with the value
 * the chain holds and the account to look at on an explorer. The same pure checks turn the same
 * observation into the same report wherever they run.
 */

/** The checks, one per line of the report. Presale checks repeat per presale. */
export const MINT_CHECKS = [
  'supply',
  'mint-authority',
  'freeze-authority',
  'extensions',
  'metadata-name',
  'metadata-symbol',
  'metadata-uri',
] as const;
export const PROGRAM_CHECKS = [
  'executable',
  'upgrade-authority',
  'build-hash',
  'security-txt',
] as const;
/**
 * The presale's checks. Terms the program adds to a presale each become a check here and a line
 * per presale: its delivery mode, minimum raise and vesting each have one, and what is owed to
 * buyers counts in the vault's.
 */
export const PRESALE_CHECKS = [
  'account',
  'price',
  'wallet-limits',
  'total-limit',
  'window',
  'delivery-mode',
  'minimum-raise',
  'vesting',
  'leader-commission',
  'seller',
  'vault',
  'allowlist',
  'active',
] as const;

export type MintCheck = (typeof MINT_CHECKS)[number];
export type ProgramCheck = (typeof PROGRAM_CHECKS)[number];
export type PresaleCheck = (typeof PRESALE_CHECKS)[number];

/**
 * Words a value may be instead of data, each translated where it is shown: `none` (no
 * authority, no allowlist, no minimum raise, no vesting), `missing` (no such account or field),
 * `invalid` (bytes that are not the expected account), `active` / `paused`, `immutable` (no
 * upgrade authority), `present`, `valid` (a coherent range), `unpublished` (the site publishes
 * no value to compare with), the delivery modes `instant` / `at-completion`, and the vesting
 * schedules `all-at-completion`, `vesting` (a share at completion, the rest evenly over a
 * duration) and `vesting-cliff` (the same with nothing more before a cliff).
 */
export type FactWord =
  | 'none'
  | 'missing'
  | 'invalid'
  | 'active'
  | 'paused'
  | 'immutable'
  | 'present'
  | 'valid'
  | 'unpublished'
  | 'instant'
  | 'at-completion'
  | 'all-at-completion'
  | 'vesting'
  | 'vesting-cliff';

/**
 * A word's figures, as decimal strings of the chain's own units, each formatted where it is
 * shown by its name's ending: `…Bps` a share in basis points, `…Seconds` a duration.
 */
export type FactParams = Readonly<Record<string, string>>;

/**
 * A value: data shown as it is (an amount, an address, a hash), or a {@link FactWord} with the
 * figures it names.
 */
export type FactValue =
  { readonly text: string } | { readonly word: FactWord; readonly params?: FactParams };

/** One line of the report. */
export type VerifyFact = {
  /** Stable id: `mint.supply`, `program.build-hash`, `presale.public.vault`. */
  readonly id: string;
  readonly passed: boolean;
  /** What the chain holds. */
  readonly value: FactValue;
  /** What it must be for the line to pass. */
  readonly expected: FactValue;
  /** The account an explorer shows for this line. */
  readonly address: string;
  /**
   * A further detail, as data: the build that matched (`v3`), the token program, the declared
   * multisig's name, the policy's URL, the published list's size, or for the seller
   * `wallet`, `multisig:<name>`, `program:<owner>` or `pending:<proposed seller>`. The delivery
   * lines' notes are `key=value` fields joined by `;` ({@link noteFields} reads them back):
   * the mode's `status`, the minimum raise's `state` (`raising`, `met`, `missed`), `raised` and
   * `escrow`, the vesting's `completed`, `cliff` and `unlocked` dates (ISO, UTC), the vault's
   * `left` (to sell) and `owed` (to buyers).
   */
  readonly note?: string;
} & (
  | { readonly group: 'mint'; readonly check: MintCheck }
  | { readonly group: 'program'; readonly check: ProgramCheck }
  | { readonly group: 'presale'; readonly check: PresaleCheck; readonly variant: PresaleVariant }
);

export interface VerifyReport {
  readonly facts: readonly VerifyFact[];
  /** True when every fact passed. */
  readonly passed: boolean;
}

/** An account as read: owner and bytes, or null when it does not exist. */
export interface ObservedAccount {
  readonly owner: string;
  readonly executable: boolean;
  readonly data: Uint8Array;
}

/** The presale account's fields the checks read (decoded by the program's client). */
export interface ObservedPresaleState {
  readonly isInitialized: boolean;
  readonly isActive: boolean;
  readonly seller: string;
  readonly vault: string;
  readonly authority: string;
  readonly mint: string;
  readonly tokenPrice: bigint;
  readonly minUserBuyable: bigint;
  readonly maxUserBuyable: bigint;
  readonly maxTotalBuyable: bigint;
  readonly currentTotalSold: bigint;
  readonly decimals: number;
  readonly saleStart: bigint;
  readonly saleEnd: bigint;
  /** Hex, or null for an open sale. */
  readonly allowlistRoot: string | null;
  readonly pendingSeller: string | null;
  readonly leaderCount: bigint;
  readonly leaderCommission: bigint;
  /** How the FBT reach buyers, where the sale stands, and the SOL held in escrow. */
  readonly delivery: ObservedDelivery;
}

/** A presale's delivery terms and progress as read, with the lamports its escrow holds. */
export type ObservedDelivery = PresaleDelivery & { readonly escrowLamports: bigint };

/** The delivery terms the team declares for a presale, against which the chain's are checked. */
export interface DeclaredPresaleTerms {
  readonly mode: DeliveryMode;
  /** Lamports; 0n = none. */
  readonly minimumRaise: bigint;
  readonly vesting: VestingTerms;
}

/** The list the site publishes for a presale's allowlist, rebuilt into its root by the reader. */
export type PublishedAllowlist =
  | { readonly kind: 'none' }
  | { readonly kind: 'list'; readonly root: string; readonly wallets: number }
  | { readonly kind: 'unreadable'; readonly reason: string };

export interface ObservedPresale {
  readonly variant: PresaleVariant;
  readonly address: string;
  /** null: no account; 'foreign': not owned by the program; 'invalid': not a presale's bytes. */
  readonly state: ObservedPresaleState | null | 'foreign' | 'invalid';
  /** The vault as read (null: missing or not a token account). */
  readonly vault: DecodedTokenAccount | null;
  /** The seller's account (null: never funded), to tell a wallet from a program's account. */
  readonly sellerAccount: ObservedAccount | null;
  readonly allowlist: PublishedAllowlist;
}

/** Everything the checks read, as the reader decoded it from the chain. */
export interface VerifyObservation {
  readonly mint: {
    readonly address: string;
    readonly account: ObservedAccount | null;
    readonly decoded: DecodedMint | null;
  };
  readonly program: {
    readonly address: string;
    readonly account: ObservedAccount | null;
    readonly programDataAddress: string | null;
    readonly programData: DecodedProgramData | null;
    /** SHA-256 (hex) of the ELF cut out of the programdata ({@link elfFileBytes}); null when none. */
    readonly elfSha256: string | null;
    readonly elfLength: number | null;
    readonly securityTxt: ReadonlyMap<string, string> | null;
  };
  readonly presales: readonly ObservedPresale[];
}

/** A multisig the team declares it administers the sale with. */
export interface DeclaredMultisig {
  readonly address: string;
  readonly label: string;
}

/** What the site says, against which the chain is checked. */
export interface VerifyExpectations {
  readonly mint: string;
  readonly programId: string;
  /** Base units (whole supply × 10^decimals). */
  readonly supply: bigint;
  readonly decimals: number;
  readonly tokenName: string;
  readonly tokenSymbol: string;
  /** The metadata address the site publishes, or null: none published. */
  readonly metadataUri: string | null;
  /** The committed builds by name (`v0`, `v3`) and their SHA-256. */
  readonly programBuilds: Readonly<Record<string, string>>;
  readonly tokenPriceLamports: bigint;
  readonly leaderCommissionBps: bigint;
  readonly multisigs: readonly DeclaredMultisig[];
  /** The page's target per presale (null: the page shows the chain's own total). */
  readonly presaleTargets: Readonly<Partial<Record<PresaleVariant, bigint | null>>>;
  /**
   * The delivery terms the team declares per presale (absent or null: it declares none, and the
   * page shows the chain's own terms).
   */
  readonly presaleTerms: Readonly<Partial<Record<PresaleVariant, DeclaredPresaleTerms | null>>>;
}
