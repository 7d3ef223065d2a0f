#!/usr/bin/env -S npx tsx
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SbpfLinkError } from './errors';
import type { SbpfVersion } from './image';
import { linkObjects } from './link';

const usage = 'usage: sbpf-link --sbpf v0|v3 [--entry entrypoint] [--map] -o out.so in.o...';

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export function runCli(argv: readonly string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        sbpf: { type: 'string', default: 'v0' },
        entry: { type: 'string', default: 'entrypoint' },
        map: { type: 'boolean', default: false },
        output: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`sbpf-link: ${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.output || positionals.length === 0) {
    console.error(usage);
    return 2;
  }
  try {
    const inputs = positionals.map((name) => ({ name, bytes: new Uint8Array(readFileSync(name)) }));
    const result = linkObjects(inputs, { sbpf: values.sbpf as SbpfVersion, entry: values.entry });
    writeFileSync(values.output, result.elf);
    if (values.map) console.log(result.map);
    return 0;
  } catch (error) {
    if (error instanceof SbpfLinkError) {
      console.error(error.message);
      return 1;
    }
    console.error(`sbpf-link: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = runCli(process.argv.slice(2));
}
