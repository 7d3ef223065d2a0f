import { errorNode, type ErrorNode } from '@codama/nodes';
import { PRESALE_ERRORS } from '@fbt/presale-client';

/**
 * The program's custom errors (`InstructionError::Custom(code)`) as Codama error nodes, in code
 * order: code, name and message taken from the client's `PRESALE_ERRORS`, the one table they are
 * written in (the browser-safe client keeps them as literal types; the IDL carries them to
 * explorers). Never renumbered: clients, the BFF and the site map these codes. c/presale.h names
 * each code `E_<NAME>` and the README's table is rendered from the IDL (tests compare them).
 */
export const PRESALE_ERROR_NODES: ErrorNode[] = Object.entries(PRESALE_ERRORS)
  .map(([code, entry]) => ({ code: Number(code), name: entry.name, message: entry.message }))
  .sort((a, b) => a.code - b.code)
  .map((entry) => errorNode(entry));
