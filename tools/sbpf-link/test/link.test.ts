import { describe, expect, it } from 'vitest';
import { linkObjects, SbpfLinkError, type SbpfLinkErrorCode, type SbpfVersion } from '../src/index';
import { compileFixture, runInLitesvm } from './support/helpers';

const versions: readonly SbpfVersion[] = ['v0', 'v3'];

function readHeader(elf: Uint8Array): {
  type: number;
  machine: number;
  flags: number;
  phnum: number;
  shnum: number;
  entry: bigint;
} {
  const view = new DataView(elf.buffer, elf.byteOffset, elf.byteLength);
  return {
    type: view.getUint16(16, true),
    machine: view.getUint16(18, true),
    entry: view.getBigUint64(24, true),
    flags: view.getUint32(48, true),
    phnum: view.getUint16(56, true),
    shnum: view.getUint16(60, true),
  };
}

/** Moves the .text section's offset past the end of the file (a corrupt, truncated object). */
function truncateSections(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const shoff = Number(view.getBigUint64(0x28, true));
  const shnum = view.getUint16(0x3c, true);
  for (let i = 1; i < shnum; i += 1) {
    const o = shoff + i * 64;
    if ((Number(view.getBigUint64(o + 8, true)) & 0x4) !== 0)
      view.setBigUint64(o + 24, BigInt(copy.length), true);
  }
  return copy;
}

function linkFailure(run: () => unknown): SbpfLinkError {
  try {
    run();
  } catch (error) {
    if (error instanceof SbpfLinkError) return error;
    throw error;
  }
  throw new Error('expected the link to fail');
}

describe.each(versions)('when linking for sBPF %s', (sbpf) => {
  it('produces a loadable shared object whose program logs through a syscall', async () => {
    const { elf, syscalls } = linkObjects([{ name: 'hello.o', bytes: compileFixture('hello.c') }], {
      sbpf,
    });
    const header = readHeader(elf);
    expect(header).toMatchObject({ type: 3, machine: 247, flags: sbpf === 'v3' ? 3 : 0 });
    expect(header.phnum).toBe(sbpf === 'v3' ? 2 : 4);
    expect(header.shnum).toBe(sbpf === 'v3' ? 0 : 8);
    expect(syscalls).toEqual(['sol_log_']);
    const outcome = await runInLitesvm(elf);
    expect(outcome.error).toBe('');
    expect(outcome.logs).toContain('Program log: hello from sbpf-link');
  });

  it('links the sol_sha256 and sol_get_clock_sysvar syscalls the presale program uses', async () => {
    const { elf, syscalls } = linkObjects(
      [{ name: 'sha256-clock.o', bytes: compileFixture('sha256-clock.c') }],
      { sbpf },
    );
    expect(syscalls).toEqual(['sol_get_clock_sysvar', 'sol_log_', 'sol_sha256']);
    const outcome = await runInLitesvm(elf);
    expect(outcome.error).toBe('');
    expect(outcome.logs).toContain('Program log: sha256 and clock ok');
  });

  it('resolves cross-object calls and read-only data', async () => {
    const { elf } = linkObjects(
      [
        { name: 'multi-main.o', bytes: compileFixture('multi-main.c') },
        { name: 'multi-helper.o', bytes: compileFixture('multi-helper.c') },
      ],
      { sbpf },
    );
    const outcome = await runInLitesvm(elf);
    expect(outcome.ok).toBe(true);
    expect(outcome.logs).toEqual(
      expect.arrayContaining(['Program log: hello', 'Program log: multi-object link ok']),
    );
  });

  it('relocates pointer tables in read-only data and internal calls', async () => {
    const { elf } = linkObjects(
      [{ name: 'pointer-table.o', bytes: compileFixture('pointer-table.c') }],
      { sbpf },
    );
    const outcome = await runInLitesvm(elf);
    expect(outcome.error).toBe('');
    const words = outcome.logs.filter((l) => l.startsWith('Program log: ')).map((l) => l.slice(13));
    expect(words).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('supports indirect calls through a table of function pointers (callx)', async () => {
    const { elf } = linkObjects(
      [{ name: 'function-pointer.o', bytes: compileFixture('function-pointer.c') }],
      { sbpf },
    );
    const outcome = await runInLitesvm(elf);
    expect(outcome.error).toBe('');
    expect(outcome.logs.filter((l) => l.startsWith('Program log: '))).toEqual([
      'Program log: twice',
      'Program log: square',
    ]);
  });

  it('links code compiled with -ffunction-sections (calls across sections)', async () => {
    const { elf } = linkObjects(
      [
        {
          name: 'pointer-table.o',
          bytes: compileFixture('pointer-table.c', ['-ffunction-sections', '-fdata-sections']),
        },
      ],
      { sbpf },
    );
    const outcome = await runInLitesvm(elf);
    expect(outcome.error).toBe('');
    expect(outcome.logs.filter((l) => l.startsWith('Program log: '))).toEqual([
      'Program log: alpha',
      'Program log: beta',
      'Program log: gamma',
    ]);
  });

  it('keeps an unreferenced read-only section (a security.txt) in the read-only data', async () => {
    const { elf, rodataSize } = linkObjects(
      [{ name: 'unreferenced-section.o', bytes: compileFixture('unreferenced-section.c') }],
      { sbpf },
    );
    const at = Buffer.from(elf).indexOf('=BEGIN=kept in rodata=END=\0');
    expect(at).toBeGreaterThan(0);
    expect(rodataSize).toBeGreaterThanOrEqual(27);
    // The loaded segment that holds it is readable only (p_flags PF_R = 4).
    const view = new DataView(elf.buffer, elf.byteOffset, elf.byteLength);
    const phoff = Number(view.getBigUint64(32, true));
    const holders = Array.from(
      { length: view.getUint16(56, true) },
      (_, index) => phoff + index * 56,
    )
      .filter((header) => view.getUint32(header, true) === 1)
      .filter((header) => {
        const start = Number(view.getBigUint64(header + 8, true));
        return start <= at && at + 27 <= start + Number(view.getBigUint64(header + 32, true));
      })
      .map((header) => view.getUint32(header + 4, true));
    expect(holders).toEqual([4]);
    expect((await runInLitesvm(elf)).error).toBe('');
  });

  it('is deterministic: the same inputs give byte-identical output', () => {
    const bytes = compileFixture('pointer-table.c');
    const first = linkObjects([{ name: 'a.o', bytes }], { sbpf }).elf;
    const second = linkObjects([{ name: 'b.o', bytes }], { sbpf }).elf;
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('encodes syscalls for the version: relocation in v0, static murmur3 hash in v3', () => {
    const { elf, map } = linkObjects([{ name: 'hello.o', bytes: compileFixture('hello.c') }], {
      sbpf,
    });
    const hex = Buffer.from(elf).toString('hex');
    // call (0x85), src 0, imm: -1 (v0, patched by the loader) or murmur3("sol_log_") (v3)
    expect(hex).toContain(sbpf === 'v0' ? '85000000ffffffff' : '85000000bd597520');
    expect(map).toContain('syscall 0x207559bd sol_log_');
  });
});

describe('when an input cannot run correctly on sBPF', () => {
  const cases: readonly {
    name: string;
    inputs: readonly (readonly [string, readonly string[]])[];
    sbpf: SbpfVersion;
    code: SbpfLinkErrorCode;
    message: RegExp;
  }[] = [
    {
      name: 'a mutable global (.data)',
      inputs: [['writable-data.c', []]],
      sbpf: 'v0',
      code: 'LAYOUT__WRITABLE_SECTION',
      message: /writable section \.data.*counter.*mutable globals/,
    },
    {
      name: 'a mutable static (.bss)',
      inputs: [['writable-bss.c', []]],
      sbpf: 'v3',
      code: 'LAYOUT__WRITABLE_SECTION',
      message: /writable section \.bss.*calls/,
    },
    {
      name: 'a COMMON symbol',
      inputs: [['common-symbol.c', ['-fcommon']]],
      sbpf: 'v0',
      code: 'LAYOUT__COMMON_SYMBOL',
      message: /common symbol 'shared_counter'/,
    },
    {
      name: 'a call to an unknown syscall',
      inputs: [['unknown-syscall.c', []]],
      sbpf: 'v0',
      code: 'SYMBOL__UNKNOWN_SYSCALL',
      message: /'sol_lgo_', which is not a Solana syscall/,
    },
    {
      name: 'alu32 arithmetic (-mcpu=v3)',
      inputs: [['alu32.c', ['-mcpu=v3']]],
      sbpf: 'v3',
      code: 'INSN__ALU32',
      message: /32-bit ALU instruction.*sign-extends.*-mcpu=v2/,
    },
    {
      name: 'a JMP32 instruction in v0',
      inputs: [['jmp32.s', []]],
      sbpf: 'v0',
      code: 'INSN__JMP32',
      message: /JMP32 .* sBPF v0.*-mcpu=v2/,
    },
    {
      name: 'a cpu=v4 sign-extending load',
      inputs: [['sign-extending-load.s', []]],
      sbpf: 'v3',
      code: 'INSN__CPU_V4',
      message: /cpu=v4 instruction/,
    },
    {
      name: 'no entrypoint',
      inputs: [['no-entrypoint.c', []]],
      sbpf: 'v0',
      code: 'SYMBOL__NO_ENTRYPOINT',
      message: /entry symbol 'entrypoint' is not defined/,
    },
    {
      name: 'two strong definitions of one symbol',
      inputs: [
        ['duplicate-a.c', []],
        ['duplicate-b.c', []],
      ],
      sbpf: 'v0',
      code: 'SYMBOL__DUPLICATE',
      message: /duplicate symbol 'helper'/,
    },
  ];

  it.each(cases)('rejects $name with $code', ({ inputs, sbpf, code, message }) => {
    const objects = inputs.map(([file, flags]) => ({
      name: file,
      bytes: compileFixture(file, flags),
    }));
    const error = linkFailure(() => linkObjects(objects, { sbpf }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('rejects a file that is not ELF', () => {
    const error = linkFailure(() =>
      linkObjects([{ name: 'notes.txt', bytes: new TextEncoder().encode('x'.repeat(80)) }], {
        sbpf: 'v0',
      }),
    );
    expect(error.code).toBe('INPUT__NOT_ELF');
    expect(error.message).toBe('sbpf-link: notes.txt: not an ELF file');
  });

  it('rejects a truncated object with a precise message', () => {
    const cut = truncateSections(compileFixture('hello.c'));
    const error = linkFailure(() => linkObjects([{ name: 'cut.o', bytes: cut }], { sbpf: 'v0' }));
    expect(error.code).toBe('INPUT__TRUNCATED');
    expect(error.message).toMatch(/^sbpf-link: cut\.o: section .* runs past the end of the file$/);
  });

  it('rejects an object built for another machine', () => {
    const bytes = compileFixture('hello.c');
    const patched = bytes.slice();
    new DataView(patched.buffer).setUint16(18, 62, true); // EM_X86_64
    const error = linkFailure(() =>
      linkObjects([{ name: 'x86.o', bytes: patched }], { sbpf: 'v0' }),
    );
    expect(error.code).toBe('INPUT__NOT_BPF');
    expect(error.message).toContain('e_machine 62 is not EM_BPF');
  });

  it('rejects an unknown sBPF version', () => {
    const error = linkFailure(() =>
      linkObjects([{ name: 'hello.o', bytes: compileFixture('hello.c') }], {
        sbpf: 'v4' as SbpfVersion,
      }),
    );
    expect(error.code).toBe('OPTION__BAD_VERSION');
  });
});
