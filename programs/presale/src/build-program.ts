import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  CLANG,
  compileBpfObject,
  ensureClang,
  linkObjects,
  type SbpfVersion,
} from '@fbt/sbpf-link';
import { PROGRAM_PACKAGE_DIR, PROGRAM_VERSIONS } from './artifacts';
import { readSecurityTxtSource, securityTxtDefine, type SecurityTxt } from './security-txt';

/**
 * C sources of the program, relative to the package root: the program, then its security.txt
 * (filled from `security.json` at build time).
 */
export const PROGRAM_SOURCES: readonly string[] = ['c/presale.c', 'c/security_txt.c'];

/** What `dist/build-info.json` (`BUILD_INFO_PATH`) holds. */
export interface BuildInfo {
  readonly compiler: string;
  readonly sha256: Record<SbpfVersion, string>;
}

/** First line of `clang-19 --version` (the exact compiler a byte-identical rebuild needs). */
export function readCompilerVersion(): string {
  return (
    execFileSync(CLANG, ['--version'], { encoding: 'utf8' }).split('\n')[0]?.trim() ?? 'unknown'
  );
}

/** Options of {@link buildProgram}. */
export interface BuildProgramOptions {
  /** Install clang-19 with apt-get when missing and running as root (default true). */
  readonly installClang?: boolean;
  readonly log?: (line: string) => void;
  /** The security.txt to embed; the committed `security.json` unless told. */
  readonly securityTxt?: SecurityTxt;
}

/**
 * Compiles the C program with clang-19 and links it for every shipped sBPF version, in memory,
 * with the security.txt of `security.json` (or `options.securityTxt`) in its read-only data.
 * Paths passed to clang are relative to the package, so the output does not depend on where
 * the repository is checked out.
 */
export function buildProgram(options: BuildProgramOptions = {}): Map<SbpfVersion, Uint8Array> {
  ensureClang({ install: options.installClang ?? true, log: options.log });
  const defines = [securityTxtDefine(options.securityTxt ?? readSecurityTxtSource())];
  const work = mkdtempSync(join(tmpdir(), 'fbt-presale-build-'));
  try {
    const objects = PROGRAM_SOURCES.map((source, index) => {
      const output = join(work, `${index}.o`);
      compileBpfObject({
        source,
        output,
        includeDirs: ['c'],
        extraFlags: defines,
        cwd: PROGRAM_PACKAGE_DIR,
      });
      return { name: source, bytes: new Uint8Array(readFileSync(output)) };
    });
    return new Map(PROGRAM_VERSIONS.map((sbpf) => [sbpf, linkObjects(objects, { sbpf }).elf]));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
