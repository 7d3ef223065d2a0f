import { formatFixed } from './units';
import {
  RISKY_TOKEN_2022_EXTENSIONS,
  TOKEN_2022_EXTENSION,
  UPGRADEABLE_LOADER_ADDRESS,
} from './verify-accounts';
import type {
  FactValue,
  MintCheck,
  ProgramCheck,
  VerifyExpectations,
  VerifyFact,
  VerifyObservation,
  VerifyReport,
} from './verify-facts';
import { checkPresale } from './verify-presale-checks';
import { factText, factWord, groupThousands } from './verify-values';

const text = factText;
const word = factWord;
const grouped = groupThousands;

type MintFact = Omit<Extract<VerifyFact, { group: 'mint' }>, 'group' | 'id' | 'address'> & {
  check: MintCheck;
};
type ProgramFact = Omit<Extract<VerifyFact, { group: 'program' }>, 'group' | 'id' | 'address'> & {
  check: ProgramCheck;
};

const RISKY_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(TOKEN_2022_EXTENSION).map(([name, type]) => [type, name]),
);

/** The mint's facts: fixed supply, no authority left to mint or freeze, metadata as the site's. */
export function checkMint(
  observation: VerifyObservation['mint'],
  expected: VerifyExpectations,
): VerifyFact[] {
  const mint = observation.decoded;
  const missing = word(observation.account === null ? 'missing' : 'invalid');
  const supplyText = (units: bigint, decimals: number) =>
    `${grouped(formatFixed(units, decimals))} FBT`;
  const facts: MintFact[] = [
    {
      check: 'supply',
      passed:
        mint !== null && mint.supply === expected.supply && mint.decimals === expected.decimals,
      value: mint === null ? missing : text(supplyText(mint.supply, mint.decimals)),
      expected: text(supplyText(expected.supply, expected.decimals)),
    },
    {
      check: 'mint-authority',
      passed: mint !== null && mint.mintAuthority === null,
      value:
        mint === null
          ? missing
          : mint.mintAuthority === null
            ? word('none')
            : text(mint.mintAuthority),
      expected: word('none'),
    },
    {
      check: 'freeze-authority',
      passed: mint !== null && mint.freezeAuthority === null,
      value:
        mint === null
          ? missing
          : mint.freezeAuthority === null
            ? word('none')
            : text(mint.freezeAuthority),
      expected: word('none'),
    },
  ];
  const risky = mint?.extensions.filter((type) => RISKY_TOKEN_2022_EXTENSIONS.includes(type)) ?? [];
  facts.push({
    check: 'extensions',
    passed: mint !== null && risky.length === 0,
    value:
      mint === null
        ? missing
        : risky.length === 0
          ? word('none')
          : text(risky.map((type) => RISKY_NAMES[type] ?? `extension ${type}`).join(', ')),
    expected: word('none'),
    note: mint === null ? undefined : mint.program,
  });
  const metadata = mint?.metadata ?? null;
  const metadataValue = (field: 'name' | 'symbol' | 'uri'): FactValue =>
    mint === null ? missing : metadata === null ? word('missing') : text(metadata[field]);
  facts.push(
    {
      check: 'metadata-name',
      passed: metadata?.name === expected.tokenName,
      value: metadataValue('name'),
      expected: text(expected.tokenName),
    },
    {
      check: 'metadata-symbol',
      passed: metadata?.symbol === expected.tokenSymbol,
      value: metadataValue('symbol'),
      expected: text(expected.tokenSymbol),
    },
    {
      check: 'metadata-uri',
      passed:
        metadata !== null && expected.metadataUri !== null && metadata.uri === expected.metadataUri,
      value: metadataValue('uri'),
      expected: expected.metadataUri === null ? word('unpublished') : text(expected.metadataUri),
    },
  );
  return facts.map((fact) => ({
    ...stripUndefined(fact),
    group: 'mint',
    id: `mint.${fact.check}`,
    address: observation.address,
  }));
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** The multisig the team declares at `address`, if any. */
export function declaredMultisig(expected: VerifyExpectations, address: string) {
  return expected.multisigs.find((multisig) => multisig.address === address) ?? null;
}

/**
 * The program's facts: an executable program of the upgradeable loader, upgradable by no one
 * (or by a multisig the team declares), running the committed build's bytes, with a security
 * contact.
 */
export function checkProgram(
  observation: VerifyObservation['program'],
  expected: VerifyExpectations,
): VerifyFact[] {
  const { account, programData } = observation;
  const isProgram =
    account !== null &&
    account.executable &&
    account.owner === UPGRADEABLE_LOADER_ADDRESS &&
    observation.programDataAddress !== null;
  const authority = programData?.upgradeAuthority;
  const multisig =
    authority === undefined || authority === null ? null : declaredMultisig(expected, authority);
  const build = Object.entries(expected.programBuilds).find(
    ([, sha256]) => sha256 === observation.elfSha256,
  );
  const contacts = observation.securityTxt?.get('contacts') ?? null;
  const notRead = word(programData === null ? 'missing' : 'invalid');
  const facts: ProgramFact[] = [
    {
      check: 'executable',
      passed: isProgram && programData !== null,
      value:
        account === null
          ? word('missing')
          : account.executable
            ? text(account.owner)
            : word('invalid'),
      expected: text(UPGRADEABLE_LOADER_ADDRESS),
    },
    {
      check: 'upgrade-authority',
      passed: programData !== null && (authority === null || multisig !== null),
      value:
        programData === null
          ? notRead
          : authority === null || authority === undefined
            ? word('immutable')
            : text(authority),
      expected: word('immutable'),
      ...(multisig === null ? {} : { note: multisig.label }),
    },
    {
      check: 'build-hash',
      passed: build !== undefined,
      value: observation.elfSha256 === null ? notRead : text(observation.elfSha256),
      expected: text(
        Object.entries(expected.programBuilds)
          .map(([name, sha256]) => `${name} ${sha256}`)
          .join(' | '),
      ),
      ...(build === undefined ? {} : { note: build[0] }),
    },
    {
      check: 'security-txt',
      passed: contacts !== null && contacts.length > 0,
      value: contacts === null ? word('missing') : text(contacts),
      expected: word('present'),
      ...(observation.securityTxt?.get('policy') === undefined
        ? {}
        : { note: observation.securityTxt.get('policy') ?? '' }),
    },
  ];
  return facts.map((fact) => ({
    ...fact,
    group: 'program',
    id: `program.${fact.check}`,
    address:
      fact.check === 'executable' || observation.programDataAddress === null
        ? observation.address
        : observation.programDataAddress,
  }));
}

/** The whole report: the mint's facts, the program's, then each presale's. */
export function verifyDeployment(
  observation: VerifyObservation,
  expected: VerifyExpectations,
): VerifyReport {
  const programVerified =
    observation.program.elfSha256 !== null &&
    Object.values(expected.programBuilds).includes(observation.program.elfSha256);
  const facts = [
    ...checkMint(observation.mint, expected),
    ...checkProgram(observation.program, expected),
    ...observation.presales.flatMap((presale) =>
      checkPresale(presale, expected, { programVerified }),
    ),
  ];
  return { facts, passed: facts.every((fact) => fact.passed) };
}
