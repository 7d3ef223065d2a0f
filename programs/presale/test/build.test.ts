import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUILD_INFO_PATH, programSoPath, PROGRAM_VERSIONS } from '../src/artifacts';
import { buildProgram, readCompilerVersion, type BuildInfo } from '../src/build-program';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('the committed program builds', () => {
  // Fails with the apt-get command to run when clang-19 is missing (never skips).
  const rebuilt = buildProgram({ installClang: false });

  const info = JSON.parse(readFileSync(BUILD_INFO_PATH, 'utf8')) as BuildInfo;

  it.each(PROGRAM_VERSIONS)(
    'dist/presale.%s.so is byte-identical to a fresh build from c/ and security.json',
    (version) => {
      const committed = new Uint8Array(readFileSync(programSoPath(version)));
      const fresh = rebuilt.get(version);
      expect(fresh, `no ${version} build`).toBeDefined();
      expect(
        sha256(fresh ?? new Uint8Array()),
        `rebuild differs; committed with "${info.compiler}", this machine has "${readCompilerVersion()}" (after a deliberate compiler change run npm run build -w @fbt/presale-program)`,
      ).toBe(sha256(committed));
      expect(info.sha256[version]).toBe(sha256(committed));
    },
  );

  it('marks each build with its sBPF version in e_flags', () => {
    const flags = PROGRAM_VERSIONS.map((version) =>
      readFileSync(programSoPath(version)).readUInt32LE(48),
    );
    expect(flags).toEqual([0, 3]);
  });
});
