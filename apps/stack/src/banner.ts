import path from 'node:path';
import { seededWalletFiles } from '@fbt/operator';
import type { Stack } from './stack';
import { REPO_ROOT } from './paths';

/** What the deployment file holds beyond the BFF's schema (the local seeding's wallets). */
interface SeededExtras {
  readonly testWallets?: readonly { address: string; sol: string; keypairFile: string }[];
  readonly leaders?: readonly { code: string; wallet: string }[];
}

function displayPath(file: string): string {
  const relative = path.relative(REPO_ROOT, file);
  return relative.startsWith('..') ? file : relative;
}

function routeOf(variant: string, privateRouteName: string): string {
  if (variant === 'private') return privateRouteName;
  return variant === 'public' ? 'presale' : variant;
}

/** The lines `npm start` prints once everything is up: where the site, chain and wallets are. */
export function formatBanner(stack: Stack, extras: SeededExtras): string {
  const { deployment } = stack;
  const site = `http://localhost:${stack.port}`;
  const lines = [
    '',
    `  Site            ${site}`,
    ...(stack.metricsUrl === null ? [] : [`  Metrics         ${stack.metricsUrl}`]),
    `  Solana RPC      ${stack.rpcUrl}`,
    ...(stack.wsUrl === undefined ? [] : [`  Solana WS       ${stack.wsUrl}`]),
    `  Deployment      ${stack.deploymentFile}`,
    `  Program         ${deployment.programId}`,
    `  FBT mint        ${deployment.mint}`,
  ];
  for (const [variant, entry] of Object.entries(deployment.presales)) {
    const route = routeOf(variant, deployment.privateRouteName);
    lines.push(`  ${`${variant} presale`.padEnd(16)}${entry.address}  ${site}/#/${route}`);
  }
  if (stack.localnet !== null) {
    lines.push(
      `  Seller keypair  ${displayPath(seededWalletFiles(stack.dataDir).operator)}  (npx fbt-operator --help)`,
    );
  }
  if (stack.wallets !== null) {
    lines.push(
      `  Keeper          ${stack.wallets.keeper.publicKey.toBase58()}  keypair ${displayPath(seededWalletFiles(stack.dataDir).keeper)}  (finalizes and distributes at completion; watch it: npm run demo:distribution)`,
    );
  }
  for (const wallet of extras.testWallets ?? []) {
    lines.push(
      `  Test wallet     ${wallet.address} (${wallet.sol} SOL)  keypair ${displayPath(wallet.keypairFile)}`,
    );
  }
  if (stack.localnet !== null && (extras.leaders ?? []).length > 0) {
    const codes = (extras.leaders ?? []).map((leader) => leader.code);
    const leaderRoute = routeOf('leader', deployment.privateRouteName);
    lines.push(
      `  Leader codes    ${codes.join(', ')}  e.g. ${site}/#/${leaderRoute}?code=${codes[0] ?? ''}`,
      `  Leader wallet   ${extras.leaders?.[0]?.wallet ?? ''}  keypair ${displayPath(seededWalletFiles(stack.dataDir).leader)}`,
    );
  }
  if (stack.localnet !== null) {
    lines.push(
      `  Burner wallet   'Local Burner' in the site's Connect Wallet dialog; fund it with npx fbt-operator fund --wallet <address>`,
    );
  }
  lines.push('', '  Ctrl-C to stop.', '');
  return lines.join('\n');
}
