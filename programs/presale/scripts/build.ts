import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BUILD_INFO_PATH, DOMAIN_PROGRAM_BUILD_PATH, programSoPath } from '../src/artifacts';
import { renderDomainProgramBuild } from '../src/program-build-module';
import { buildProgram, readCompilerVersion, type BuildInfo } from '../src/build-program';

/** `npm run build -w @fbt/presale-program`: writes dist/presale.v0.so and dist/presale.v3.so. */
try {
  const builds = buildProgram({ log: (line) => console.log(line) });
  const info: BuildInfo = { compiler: readCompilerVersion(), sha256: { v0: '', v3: '' } };
  for (const [version, elf] of builds) {
    const path = programSoPath(version);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, elf);
    const sha256 = createHash('sha256').update(elf).digest('hex');
    console.log(`${path}: ${elf.length} bytes, sha256 ${sha256}`);
    info.sha256[version] = sha256;
  }
  writeFileSync(BUILD_INFO_PATH, `${JSON.stringify(info, null, 2)}\n`);
  writeFileSync(DOMAIN_PROGRAM_BUILD_PATH, renderDomainProgramBuild(info));
  console.log(`built with ${info.compiler}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
