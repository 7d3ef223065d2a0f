import { usageError, type OperatorError } from './operator-error';

/** Genesis hash of Solana's mainnet-beta: what tells a deploy it is about to go live. */
export const MAINNET_BETA_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';

const BEGIN = '=======BEGIN SECURITY.TXT V1=======\0';
const END = '=======END SECURITY.TXT V1=======\0';
/** The reserved domain of the repository's own security.txt defaults (RFC 2606: reaches no one). */
const PLACEHOLDER = /[a-z0-9.-]*\.example\b/i;

/**
 * The placeholder address a program's security.txt still names (a reserved `.example` name, as
 * the repository's defaults do), or null when it names none. Read from the program's bytes as an
 * explorer reads them: the block between the BEGIN and END markers.
 */
export function placeholderSecurityContact(elf: Uint8Array): string | null {
  const text = Buffer.from(elf).toString('latin1');
  const start = text.indexOf(BEGIN);
  const end = start < 0 ? -1 : text.indexOf(END, start);
  if (start < 0 || end < 0) return null;
  return PLACEHOLDER.exec(text.slice(start + BEGIN.length, end))?.[0] ?? null;
}

/**
 * Why this program may not be deployed to the cluster with `genesisHash`: on mainnet-beta, a
 * security.txt that still names the repository's placeholder contacts (explorers would show
 * buyers an address that reaches no one). Null: deploy.
 */
export function securityTxtRefusal(genesisHash: string, elf: Uint8Array): OperatorError | null {
  if (genesisHash !== MAINNET_BETA_GENESIS_HASH) return null;
  const placeholder = placeholderSecurityContact(elf);
  if (placeholder === null) return null;
  return usageError(
    `the program's security.txt still names the placeholder ${placeholder}: set your contacts in ` +
      'programs/presale/security.json and SECURITY.md, rebuild (npm run build -w ' +
      '@fbt/presale-program) and deploy that build',
  );
}
