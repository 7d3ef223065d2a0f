import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildProgram, programSoPath, PROGRAM_VERSIONS } from '../src/build-program';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('the committed program builds', () => {
  // Fails with the apt-get command to run when clang-19 is missing (never skips).
  const rebuilt = buildProgram({ installClang: false });

  it.each(PROGRAM_VERSIONS)(
    'dist/presale.%s.so is byte-identical to a fresh build from c/',
    (version) => {
      const committed = new Uint8Array(readFileSync(programSoPath(version)));
      const fresh = rebuilt.get(version);
      expect(fresh, `no ${version} build`).toBeDefined();
      expect(sha256(fresh ?? new Uint8Array())).toBe(sha256(committed));
    },
  );

  it('marks each build with its sBPF version in e_flags', () => {
    const flags = PROGRAM_VERSIONS.map((version) =>
      readFileSync(programSoPath(version)).readUInt32LE(48),
    );
    expect(flags).toEqual([0, 3]);
  });
});
