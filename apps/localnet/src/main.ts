import { parseArgs } from 'node:util';
import { createLocalnet, DEFAULT_DATA_DIR, DEFAULT_RPC_PORT, DEFAULT_WS_PORT } from './localnet';

const USAGE = `Usage: tsx src/main.ts [--reset] [--port 8899] [--ws-port 8900] [--data-dir ${DEFAULT_DATA_DIR}] [--host 127.0.0.1] [--slot-ms 400]`;

function fail(message: string): never {
  console.error(`localnet: ${message}\n${USAGE}`);
  process.exit(2);
}

function portOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65_535)
    fail(`--${name} must be an integer 0-65535, got ${JSON.stringify(value)}`);
  return Number(value);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      port: { type: 'string' },
      'ws-port': { type: 'string' },
      'data-dir': { type: 'string' },
      host: { type: 'string' },
      'slot-ms': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
} catch (error) {
  fail((error as Error).message);
}
const { values } = parsed;
if (values.help === true) {
  console.log(USAGE);
  process.exit(0);
}
const port = portOption(values.port, 'port', DEFAULT_RPC_PORT);
const wsPort = portOption(
  values['ws-port'],
  'ws-port',
  values.port === undefined ? DEFAULT_WS_PORT : port === 0 ? 0 : port + 1,
);
const slotMs = values['slot-ms'] === undefined ? 400 : Number(values['slot-ms']);
if (!Number.isInteger(slotMs) || slotMs < 10) fail('--slot-ms must be an integer >= 10');

const localnet = await createLocalnet({
  port,
  wsPort,
  host: values.host ?? '127.0.0.1',
  dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
  reset: values.reset === true,
  slotMs,
  log: (line) => console.log(`localnet: ${line}`),
}).catch((error: unknown) => fail(`cannot start: ${(error as Error).message}`));

console.log(`localnet: JSON-RPC ${localnet.rpcUrl}`);
console.log(`localnet: websocket ${localnet.wsUrl}`);
console.log(
  `localnet: ledger ${localnet.dataDir ?? '(in memory)'} (slot ${localnet.chain.slot()})`,
);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`localnet: ${signal}, stopping`);
  void localnet.stop().then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
