import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RootNode } from '@codama/nodes';
import { format, resolveConfig } from 'prettier';
import { PROGRAM_PACKAGE_DIR } from '../artifacts';
import { IDL_SECTIONS, renderIdlSections, type IdlSection } from './readme-tables';

/** The program README, whose instruction, account and error tables come from the IDL. */
export const README_PATH = join(PROGRAM_PACKAGE_DIR, 'README.md');

/** `text` formatted as the repository's Prettier formats `path` (tables aligned). */
export async function formatLike(path: string, text: string): Promise<string> {
  const options = (await resolveConfig(path)) ?? {};
  return format(text, { ...options, filepath: path });
}

/** Each README section as the IDL renders it, formatted as the README is. */
export async function formattedIdlSections(root: RootNode): Promise<Record<IdlSection, string>> {
  const rendered = renderIdlSections(root);
  const entries = await Promise.all(
    IDL_SECTIONS.map(async (name) => [
      name,
      (await formatLike(README_PATH, rendered[name])).trim(),
    ]),
  );
  return Object.fromEntries(entries) as Record<IdlSection, string>;
}

/** The README as committed. */
export const readReadme = (): string => readFileSync(README_PATH, 'utf8');
