import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_INFO_PATH, DOMAIN_PROGRAM_BUILD_PATH } from '../src/artifacts';
import type { BuildInfo } from '../src/build-program';
import { renderDomainProgramBuild } from '../src/program-build-module';

describe("the domain's copy of the build hashes", () => {
  it('is exactly what the build writes from dist/build-info.json', () => {
    const info = JSON.parse(readFileSync(BUILD_INFO_PATH, 'utf8')) as BuildInfo;
    expect(readFileSync(DOMAIN_PROGRAM_BUILD_PATH, 'utf8')).toBe(renderDomainProgramBuild(info));
  });

  it('differs from the render of another build record (the comparison bites)', () => {
    const info = JSON.parse(readFileSync(BUILD_INFO_PATH, 'utf8')) as BuildInfo;
    const other = { ...info, sha256: { ...info.sha256, v3: '00'.repeat(32) } };
    expect(readFileSync(DOMAIN_PROGRAM_BUILD_PATH, 'utf8')).not.toBe(
      renderDomainProgramBuild(other),
    );
  });
});
