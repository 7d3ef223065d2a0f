// `npm start`: the whole product, offline by default.
//
// 1. the local chain (apps/localnet) on 127.0.0.1:8899 / ws 8900, ledger in ./data/localnet,
//    seeded once (program, FBT mint, three presales, funded test wallets) by the operator CLI;
//    skipped when SOLANA_RPC_URL points at another cluster (then DEPLOYMENT_FILE must exist);
// 2. the client build (apps/client -> dist), unless FBT_SKIP_CLIENT_BUILD=1;
// 3. the BFF (apps/bff) on http://localhost:8080, serving the built client.
// Ctrl-C stops everything (BFF first, then the chain, whose ledger is fsync'd per transaction).
//
// Environment: PORT (8080), LOCALNET_PORT (8899), LOCALNET_WS_PORT (LOCALNET_PORT + 1),
// LOCALNET_DATA_DIR (data/localnet), PRIVATE_ROUTE_NAME (private; used when seeding),
// DATABASE_PATH (data/ledger.sqlite), DEPLOYMENT_FILE, SOLANA_RPC_URL / SOLANA_WS_URL (another
// cluster: no local chain), FBT_SKIP_CLIENT_BUILD=1. `npm start -- --reset` starts a fresh chain
// and a fresh local ledger database (its leader buys would point at transactions that no longer
// exist).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const external = env.SOLANA_RPC_URL !== undefined && env.SOLANA_RPC_URL.trim() !== '';
const localPort = Number(env.LOCALNET_PORT ?? 8899);
const localWsPort = Number(env.LOCALNET_WS_PORT ?? localPort + 1);
const dataDir = path.resolve(root, env.LOCALNET_DATA_DIR ?? 'data/localnet');
const deploymentFile = path.resolve(
  root,
  env.DEPLOYMENT_FILE ?? path.join(dataDir, 'deployment.json'),
);
const bffPort = Number(env.PORT ?? 8080);
const rpcUrl = external ? env.SOLANA_RPC_URL.trim() : `http://127.0.0.1:${localPort}`;
const wsUrl = external ? env.SOLANA_WS_URL?.trim() || undefined : `ws://127.0.0.1:${localWsPort}`;
const reset = process.argv.includes('--reset');
const databasePath = path.resolve(root, env.DATABASE_PATH ?? 'data/ledger.sqlite');

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const children = [];
let stopping = false;

function displayPath(file) {
  const relative = path.relative(root, file);
  return relative.startsWith('..') ? file : relative;
}

function say(line) {
  console.log(`[start] ${line}`);
}

function prefixLines(stream, name, target) {
  let pending = '';
  stream.on('data', (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
}

function tsxArgs(entry, args) {
  return ['--import', 'tsx', path.join(root, entry), ...args];
}

function startChild(name, entry, args, options = {}) {
  const child = spawn(process.execPath, tsxArgs(entry, args), {
    cwd: options.cwd ?? root,
    env: { ...env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(child.stdout, name, process.stdout);
  prefixLines(child.stderr, name, process.stderr);
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    // Ctrl-C in a terminal signals the whole process group: the child may exit a moment
    // before our own SIGINT handler runs, which is a normal stop, not a crash.
    setTimeout(() => {
      if (stopping) return;
      say(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      void shutdown(1);
    }, 250);
  });
  return child;
}

async function waitFor(label, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (stopping) throw new Error(`stopped while waiting for ${label}`);
    if (Date.now() > deadline)
      throw new Error(`${label} did not come up within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function rpcHealthy(url) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
  });
  const body = await response.json();
  return body.result === 'ok';
}

/** Runs a one-off step without blocking the event loop (children's output keeps flowing). */
function runOnce(label, command, args) {
  say(label);
  return new Promise((resolve) => {
    const step = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    step.once('error', () => resolve(false));
    step.once('exit', (code) => resolve(code === 0));
  });
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  // BFF first so it drains its websockets while the chain is still there.
  for (const { name, child } of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    say(`stopping ${name}`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  const missing = [];

  if (external) {
    say(`using the cluster at ${rpcUrl} (SOLANA_RPC_URL); the local chain is not started`);
    if (!fs.existsSync(deploymentFile)) {
      say(
        `DEPLOYMENT_FILE ${deploymentFile} does not exist: create one with the operator CLI (see apps/operator) and set DEPLOYMENT_FILE`,
      );
      process.exit(2);
    }
  } else {
    if (reset) {
      for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) {
        if (fs.existsSync(file)) fs.rmSync(file);
      }
      say(`--reset: fresh chain and fresh ledger database (${displayPath(databasePath)})`);
    }
    startChild('localnet', 'apps/localnet/src/main.ts', [
      '--port',
      String(localPort),
      '--ws-port',
      String(localWsPort),
      '--data-dir',
      dataDir,
      ...(reset ? ['--reset'] : []),
    ]);
    await waitFor('the local chain', () => rpcHealthy(rpcUrl), 60_000);
    if (!fs.existsSync(deploymentFile)) {
      const seeded = await runOnce(
        'seeding the fresh local chain (once)',
        process.execPath,
        tsxArgs('apps/operator/src/main.ts', [
          'seed-local',
          '--url',
          rpcUrl,
          '--ws-url',
          wsUrl,
          '--data-dir',
          dataDir,
          '--private-route',
          env.PRIVATE_ROUTE_NAME ?? 'private',
        ]),
      );
      if (!seeded) {
        say(
          'seeding failed (see above); start again with `npm start -- --reset` for a fresh chain',
        );
        await shutdown(1);
        return;
      }
    }
  }

  const clientPackage = path.join(root, 'apps/client/package.json');
  if (env.FBT_SKIP_CLIENT_BUILD === '1') {
    say('FBT_SKIP_CLIENT_BUILD=1: serving the existing apps/client/dist');
  } else if (fs.existsSync(clientPackage)) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const built = await runOnce('building the client (npm run build -w @fbt/client)', npm, [
      'run',
      'build',
      '-w',
      '@fbt/client',
    ]);
    if (!built) {
      missing.push('the client build failed (see above); the site will not be served');
    }
  } else {
    missing.push('apps/client is missing: no site to serve');
  }

  const bffEntry = path.join(root, 'apps/bff/src/main.ts');
  let siteUp = false;
  if (fs.existsSync(bffEntry)) {
    startChild('bff', 'apps/bff/src/main.ts', [], {
      cwd: path.join(root, 'apps/bff'),
      env: {
        PORT: String(bffPort),
        SOLANA_RPC_URL: rpcUrl,
        ...(wsUrl === undefined ? {} : { SOLANA_WS_URL: wsUrl }),
        DEPLOYMENT_FILE: deploymentFile,
        DATABASE_PATH: databasePath,
        CLIENT_DIST: path.join(root, 'apps/client/dist'),
        // Offline by default: no Pyth (the fallback price is served) unless configured.
        ...(external || env.PYTH_HERMES_URL !== undefined ? {} : { PYTH_HERMES_URL: '' }),
      },
    });
    await waitFor(
      'the BFF',
      async () => (await fetch(`http://127.0.0.1:${bffPort}/healthz`)).ok,
      60_000,
    );
    siteUp = true;
  } else {
    missing.push('apps/bff/src/main.ts is missing: no BFF and no site on :8080');
  }

  const lines = [''];
  if (siteUp) lines.push(`  Site            http://localhost:${bffPort}`);
  lines.push(`  Solana RPC      ${rpcUrl}`);
  if (wsUrl !== undefined) lines.push(`  Solana WS       ${wsUrl}`);
  lines.push(`  Deployment      ${deploymentFile}`);
  if (fs.existsSync(deploymentFile)) {
    const deployment = JSON.parse(fs.readFileSync(deploymentFile, 'utf8'));
    lines.push(`  Program         ${deployment.programId}`);
    lines.push(`  FBT mint        ${deployment.mint}`);
    for (const [variant, entry] of Object.entries(deployment.presales ?? {})) {
      const route =
        variant === 'private'
          ? deployment.privateRouteName
          : variant === 'public'
            ? 'presale'
            : variant;
      lines.push(
        `  ${`${variant} presale`.padEnd(16)}${entry.address}${siteUp ? `  http://localhost:${bffPort}/#/${route}` : ''}`,
      );
    }
    if (!external) {
      lines.push(
        `  Seller keypair  ${displayPath(path.join(dataDir, 'wallets', 'operator.json'))}  (npx fbt-operator --help)`,
      );
    }
    for (const wallet of deployment.testWallets ?? []) {
      lines.push(
        `  Test wallet     ${wallet.address} (${wallet.sol} SOL)  keypair ${displayPath(wallet.keypairFile)}`,
      );
    }
    if (!external) {
      lines.push(
        `  Burner wallet   'Local Burner' in the site's Connect Wallet dialog; fund it with npx fbt-operator fund --wallet <address>`,
      );
    }
  }
  for (const item of missing) lines.push(`  MISSING: ${item}`);
  lines.push('', '  Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error) => {
  say(`failed: ${error.message}`);
  void shutdown(1);
});
