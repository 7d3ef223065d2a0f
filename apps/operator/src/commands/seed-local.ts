import path from 'node:path';
import { z } from 'zod';
import { CHAIN_OPTIONS, openChain, requireLocalChain } from '../options/chain';
import { siteUrlSchema } from '../options/token-metadata';
import { flagText, parseWith } from '../options/validators';
import { formatJson } from '../output';
import { DEFAULT_PROGRAM_PATH, seedLocalChain } from '../seed';
import { DEFAULT_SEED_SITE_URL } from '../seed-mint';
import { defineCommand } from './command';

/**
 * `seed-local`: what `npm start` runs once on a fresh local chain, so the site and the BFF find
 * a deployed program, a Token-2022 FBT naming the site's metadata document, three presales (`--delivery at-completion` as `npm start` and
 * the compose demo seed them, or instant) and funded test and keeper wallets.
 */
export const seedLocalCommand = defineCommand({
  name: 'seed-local',
  summary: 'deploy and seed a fresh local chain (what `npm start` runs once)',
  notes: [
    'Only on a loopback --url. It writes <data-dir>/deployment.json last; when that file exists,',
    'it prints it and changes nothing.',
  ],
  options: {
    'data-dir': {
      type: 'string',
      value: '<dir>',
      required: true,
      description: 'where the wallets and deployment.json go, e.g. data/localnet',
    },
    program: {
      type: 'string',
      value: '<file.so>',
      default: DEFAULT_PROGRAM_PATH,
      description: 'the built program',
    },
    delivery: {
      type: 'string',
      value: 'instant|at-completion',
      default: 'instant',
      description:
        'how the seeded presales deliver: instant, or at-completion (what npm start and the compose demo seed: public and leader unlock all, private vests 25% then 180 days)',
    },
    'site-url': {
      type: 'string',
      value: '<origin>',
      description: `the site whose /token/fbt.json the FBT metadata names (default $PUBLIC_SITE_URL, else ${DEFAULT_SEED_SITE_URL})`,
    },
    'private-route': {
      type: 'string',
      value: '<name>',
      default: 'private',
      description:
        "the private presale's route on the site: 1-32 lowercase letters, digits or dashes",
    },
    ...CHAIN_OPTIONS,
  },
  run: async (values, io) => {
    const { connection, url, wsUrl } = openChain(values, io.env);
    requireLocalChain(url, 'seed-local only seeds a local chain');
    const dataDir = path.resolve(parseWith(flagText('--data-dir'), values['data-dir']));
    const route = parseWith(
      z
        .string()
        .regex(
          /^[a-z0-9-]{1,32}$/,
          '--private-route must be 1-32 lowercase letters, digits or dashes',
        ),
      values['private-route'],
    );
    const delivery = parseWith(
      z.enum(['instant', 'at-completion'], {
        error: `--delivery must be instant or at-completion, not ${JSON.stringify(values.delivery)}`,
      }),
      values.delivery,
    );
    const siteUrl = parseWith(
      siteUrlSchema,
      values['site-url'] ?? (io.env.PUBLIC_SITE_URL || DEFAULT_SEED_SITE_URL),
    );
    const result = await seedLocalChain({
      connection,
      rpcUrl: url,
      wsUrl: wsUrl ?? localWsUrl(url),
      dataDir,
      programPath: values.program,
      privateRouteName: route,
      delivery,
      siteUrl,
      log: (line) => io.stderr(line),
    });
    io.stdout(formatJson({ file: result.file, created: result.created, ...result.deployment }));
  },
});

/**
 * The local chain serves websockets on the RPC port + 1 (as solana-test-validator does); the
 * deployment file records it so the BFF and the site need not guess.
 */
function localWsUrl(url: string): string {
  return url
    .replace(/^http/, 'ws')
    .replace(/:(\d+)(\/?)$/, (_m, port: string, slash: string) => `:${Number(port) + 1}${slash}`);
}
