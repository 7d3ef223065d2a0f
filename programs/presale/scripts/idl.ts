import { writeFileSync } from 'node:fs';
import { buildPresaleIdl, IDL_PATH, presaleIdlJson } from '../src/idl/presale-idl';
import { formatLike, formattedIdlSections, readReadme, README_PATH } from '../src/idl/readme-file';
import { replaceSections } from '../src/idl/readme-tables';

/**
 * `npm run idl -w @fbt/presale-program`: writes idl/presale.json from src/idl and the README's
 * instruction, account and error tables from it (tests fail until both are rerun after a change).
 */
try {
  const root = buildPresaleIdl();
  writeFileSync(IDL_PATH, await formatLike(IDL_PATH, presaleIdlJson(root)));
  console.log(`wrote ${IDL_PATH}`);
  const readme = replaceSections(readReadme(), await formattedIdlSections(root));
  writeFileSync(README_PATH, await formatLike(README_PATH, readme));
  console.log(`wrote the IDL tables of ${README_PATH}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
