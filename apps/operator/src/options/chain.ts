import { clusterFromEndpoint } from '@fbt/domain';
import type { Deployment } from '@fbt/domain';
import { Connection } from '@solana/web3.js';
import { z } from 'zod';
import { usageError } from '../operator-error';
import type { OptionSpecs } from './option-spec';
import { readDeploymentOption } from './presale-target';
import type { DeploymentTarget } from './presale-target';
import { parseWith } from './validators';

/** The local chain `npm start` runs; the default so day-to-day local work needs no flags. */
export const DEFAULT_URL = 'http://127.0.0.1:8899';

/** The endpoints every command that talks to a cluster takes. */
export const CHAIN_OPTIONS = {
  url: {
    type: 'string',
    value: '<rpc>',
    description: `RPC endpoint (default $SOLANA_RPC_URL, else ${DEFAULT_URL})`,
  },
  'ws-url': {
    type: 'string',
    value: '<ws>',
    description: 'websocket endpoint for confirmations (default: derived from --url)',
  },
} as const satisfies OptionSpecs;

/** A URL with one of `protocols` (a JSON-RPC endpoint is http(s), its pubsub ws(s)). */
function endpointSchema(protocols: readonly string[], message: string) {
  return z
    .string()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), message);
}

/** A connection to the cluster a command acts on, and how it was chosen. */
export interface Chain {
  connection: Connection;
  url: string;
  /** Only when given (or taken from a deployment file); web3.js derives one otherwise. */
  wsUrl: string | undefined;
  /** The `--deployment` file, when the command takes one and it was given. */
  deployment: DeploymentTarget | null;
}

/**
 * Picks the endpoints (--url, else $SOLANA_RPC_URL, else the --deployment file's, else the local
 * chain) and opens a connection at 'confirmed'. A deployment file's websocket URL is used only
 * when --url is absent, since it belongs to that file's RPC URL.
 */
export function openChain(
  values: {
    readonly url?: string;
    readonly 'ws-url'?: string;
    readonly deployment?: string;
    readonly variant?: string;
  },
  env: Readonly<Record<string, string | undefined>>,
): Chain {
  const deployment = readDeploymentOption(values);
  return { ...connectChain(values, env, deployment?.file ?? null), deployment };
}

/**
 * The connection part of {@link openChain}, for commands that find their deployment file
 * themselves: --url, else $SOLANA_RPC_URL, else the file's URL, else the local chain.
 */
export function connectChain(
  values: { readonly url?: string; readonly 'ws-url'?: string },
  env: Readonly<Record<string, string | undefined>>,
  file: Deployment | null,
): Omit<Chain, 'deployment'> {
  const deployment = file === null ? null : { file };
  const url = parseWith(
    endpointSchema(['http:', 'https:'], '--url must be an http(s) URL'),
    values.url ?? env.SOLANA_RPC_URL ?? deployment?.file.rpcUrl ?? DEFAULT_URL,
  );
  const wsUrl =
    values['ws-url'] === undefined
      ? values.url === undefined
        ? deployment?.file.wsUrl
        : undefined
      : parseWith(
          endpointSchema(['ws:', 'wss:'], '--ws-url must be a ws(s) URL'),
          values['ws-url'],
        );
  const connection = new Connection(url, {
    commitment: 'confirmed',
    ...(wsUrl === undefined ? {} : { wsEndpoint: wsUrl }),
  });
  return { connection, url, wsUrl };
}

/**
 * Refuses anything but a loopback endpoint, for commands that only make sense on the local
 * chain (seeding, airdrops) and must never touch a real cluster by a mistyped --url.
 */
export function requireLocalChain(url: string, refusal: string): void {
  if (clusterFromEndpoint(url) !== 'localnet') {
    throw usageError(`${refusal} (a loopback --url), not ${url}`);
  }
}
