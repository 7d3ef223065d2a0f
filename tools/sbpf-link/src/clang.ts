import { execFileSync, spawnSync } from 'node:child_process';

/** The clang flags that make LLVM's BPF backend produce code sBPF runs correctly. */
export const BPF_CFLAGS: readonly string[] = [
  '-target',
  'bpfel',
  '-mcpu=v2', // no alu32 (sign-extension hazard) and no JMP32 (not in sBPF v0)
  '-O2',
  '-ffreestanding',
  '-fno-builtin',
  '-nostdlib',
  '-fno-stack-protector',
  '-Wall',
  '-Wextra',
  '-Werror',
  '-mllvm',
  '-bpf-stack-size=4096', // the sBPF frame is 4 KiB; clang's default limit is 512 B
];

/** Name of the Debian package that provides {@link CLANG}. */
export const CLANG_PACKAGE = 'clang-19';
/** The compiler binary the build is pinned to. */
export const CLANG = 'clang-19';

/** Options of {@link ensureClang}. */
export interface EnsureClangOptions {
  /** Install with apt-get when missing and running as root (default true). */
  readonly install?: boolean;
  readonly log?: (line: string) => void;
}

function hasClang(): boolean {
  return spawnSync(CLANG, ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure `clang-19` is on PATH: installs it with apt-get when running as root, otherwise
 * throws an error that says exactly what to run.
 */
export function ensureClang(options: EnsureClangOptions = {}): void {
  if (hasClang()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if ((options.install ?? true) && isRoot) {
    options.log?.(`${CLANG} not found; installing ${CLANG_PACKAGE} with apt-get`);
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install = spawnSync(
      'apt-get',
      ['install', '-y', '--no-install-recommends', CLANG_PACKAGE],
      {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      },
    );
    if (update.status === 0 && install.status === 0 && hasClang()) return;
  }
  throw new Error(
    `${CLANG} is required to build BPF objects but was not found. Install it with: sudo apt-get install -y ${CLANG_PACKAGE}`,
  );
}

/** Options of {@link compileBpfObject}. */
export interface CompileOptions {
  readonly source: string;
  readonly output: string;
  readonly includeDirs?: readonly string[];
  readonly extraFlags?: readonly string[];
  /** Working directory (paths in debug info stay relative to it). */
  readonly cwd?: string;
}

/** Compiles one C or assembly file to a BPF relocatable object with {@link BPF_CFLAGS}. */
export function compileBpfObject(options: CompileOptions): void {
  const includes = (options.includeDirs ?? []).flatMap((dir) => ['-I', dir]);
  // C-only flags are unused when assembling; -Werror would turn that into a failure.
  const assembly = /\.s$/i.test(options.source) ? ['-Wno-unused-command-line-argument'] : [];
  try {
    execFileSync(
      CLANG,
      [
        ...BPF_CFLAGS,
        ...assembly,
        ...includes,
        ...(options.extraFlags ?? []),
        '-c',
        options.source,
        '-o',
        options.output,
      ],
      { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`${CLANG} failed on ${options.source}:\n${stderr}`, { cause: error });
  }
}
