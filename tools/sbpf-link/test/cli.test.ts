import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli';
import { ensureClang } from '../src/clang';
import { compileFixture } from './support/helpers';

describe('the sbpf-link CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbpf-link-cli-'));
  const errors: string[] = [];
  beforeEach(() => {
    errors.length = 0;
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes the linked object and exits 0', () => {
    const input = join(dir, 'hello.o');
    writeFileSync(input, compileFixture('hello.c'));
    const output = join(dir, 'hello.so');
    expect(runCli(['--sbpf', 'v3', '-o', output, input])).toBe(0);
    expect(readFileSync(output).readUInt32LE(48)).toBe(3);
  });

  it('exits 1 with the linker message when the link fails', () => {
    const input = join(dir, 'data.o');
    writeFileSync(input, compileFixture('writable-data.c'));
    expect(runCli(['-o', join(dir, 'data.so'), input])).toBe(1);
    expect(errors.join('\n')).toMatch(/writable section \.data/);
  });

  it('exits 2 with usage when arguments are missing', () => {
    expect(runCli(['--sbpf', 'v0'])).toBe(2);
    expect(errors.join('\n')).toContain('usage: sbpf-link');
  });
});

describe('ensureClang', () => {
  it('fails loudly with the install command when clang-19 is not on PATH', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => ensureClang({ install: false })).toThrow(
        'clang-19 is required to build BPF objects but was not found. Install it with: sudo apt-get install -y clang-19',
      );
    } finally {
      process.env.PATH = path;
    }
  });
});
