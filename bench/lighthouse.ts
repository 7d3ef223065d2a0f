/**
 * Lighthouse on the real product: what a visitor on a phone feels.
 *
 * Builds the site for production, starts the whole product with `startStack` (local chain
 * seeded by the operator code, SQLite ledger, the BFF serving the build precompressed), and
 * runs Lighthouse (mobile preset: Moto G Power viewport, simulated slow 4G, and the preset's
 * CPU slowdown calibrated to this host, see lighthouse-calibration.ts) in Debian's Chromium on
 * `#/`, `#/presale` and `#/leader?code=…`. The baseline,
 * measured in the same run with the same settings, is a bare React 19 + react-router hash-route
 * page built with Vite into a temporary directory and served brotli-compressed by a plain
 * Node server: the floor the framework itself imposes.
 *
 * Prints, per page, the median over RUNS runs of the performance score, LCP, TBT, CLS and the
 * bytes transferred, the ratio to the baseline, and the goals (home >= 95, presale >= 90,
 * home LCP <= 2.0 s, CLS <= 0.02); a missed goal is printed, not thrown. Run: npm run
 * lighthouse -w @fbt/bench (RUNS=3: medians of three runs; DETAILS=1: each page's LCP element
 * and phases, script CPU, unused JS and main-thread work; LHR_DIR=<dir> keeps the reports;
 * CPU_SLOWDOWN=preset|<n> replaces the calibrated multiplier).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { Keypair } from '@solana/web3.js';
import lighthouse from 'lighthouse';
import { buildSite, startStack } from '@fbt/stack';
import { CHROMIUM_PATH } from '@fbt/stack/testing';
import { buildBareReactPage } from './bare-react-page';
import { launchChromiumDevTools } from './chromium-devtools';
import { calibratedCpuSlowdown, cpuSlowdownFromEnv } from './lighthouse-calibration';

const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const LEADER_CODE = 'beast42';

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** The page's main-thread CPU time (thread time, ms): before its first contentful paint, all. */
  cpuBeforeFcpMs: number;
  cpuMs: number;
  /** Lighthouse's measure of the host's CPU (its `benchmarkIndex`). */
  benchmarkIndex: number;
  /** With DETAILS=1: what Lighthouse says the time went to. */
  details?: string[];
}

const DETAILS = process.env.DETAILS === '1';
const CPU_SLOWDOWN = cpuSlowdownFromEnv(process.env.CPU_SLOWDOWN);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: unknown; documentLoaderURL?: unknown } };
}

/** Whether a trace's document URL is `url`'s page (the hash aside). */
const isPageUrl = (value: unknown, url: string): boolean =>
  typeof value === 'string' && value.startsWith(url.split('#')[0]!);

/**
 * The page's main-thread CPU time from the run's trace: thread time (`tdur`), which, unlike the
 * wall time Lighthouse's simulation scales, barely moves when other work shares the machine.
 * The main thread is the one that ran the page's scripts; time counts from the page's
 * navigation (its URL carries `page=`, or any URL for the baseline) to the trace's end.
 */
function mainThreadCpu(events: TraceEvent[], url: string): { beforeFcp: number; all: number } {
  const byThread = new Map<string, number>();
  for (const event of events) {
    const scriptUrl = event.args?.data?.url;
    if (typeof scriptUrl === 'string' && scriptUrl.startsWith(new URL(url).origin)) {
      const key = `${event.pid}:${event.tid}`;
      byThread.set(key, (byThread.get(key) ?? 0) + 1);
    }
  }
  const busiest = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (busiest === undefined) throw new Error(`no main thread in the trace of ${url}`);
  const [pid, tid] = busiest.split(':').map(Number);
  const start =
    events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.pid === pid &&
        isPageUrl(event.args?.data?.documentLoaderURL, url),
    )?.ts ?? 0;
  const fcp =
    events.find(
      (event) => event.name === 'firstContentfulPaint' && event.pid === pid && event.ts > start,
    )?.ts ?? Number.POSITIVE_INFINITY;
  let beforeFcp = 0;
  let all = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.pid !== pid || event.tid !== tid || event.ts < start)
      continue;
    const ms = (event.tdur ?? event.dur ?? 0) / 1000;
    all += ms;
    if (event.ts < fcp) beforeFcp += ms;
  }
  return { beforeFcp, all };
}

/** With LHR_DIR=<dir>: every run's full Lighthouse report is written there as JSON. */
const LHR_DIR = process.env.LHR_DIR;

/** The LCP element, its phases, and the largest items of the diagnostics worth acting on. */
function describe(lhr: { audits: Record<string, { details?: unknown; displayValue?: string }> }) {
  const lines: string[] = [];
  const items = (id: string): Record<string, unknown>[] => {
    const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
    return details?.items ?? [];
  };
  const text = (value: unknown): string =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  // Lighthouse 13: the LCP breakdown insight's items are its subparts' table, then the element.
  const breakdown = items('lcp-breakdown-insight');
  for (const item of breakdown) {
    if (typeof item.snippet === 'string') lines.push(`LCP element: ${item.snippet.slice(0, 120)}`);
  }
  for (const item of breakdown) {
    for (const entry of (item as { items?: Record<string, unknown>[] }).items ?? []) {
      lines.push(`  ${text(entry.label)}: ${Number(entry.duration).toFixed(0)} ms`);
    }
  }
  const top = (id: string, label: string, key: string, unit: string) => {
    for (const item of items(id).slice(0, 4)) {
      const value = Number(item[key] ?? 0);
      lines.push(`${label}: ${text(item.url).slice(-60)} ${value.toFixed(0)}${unit}`);
    }
  };
  top('bootup-time', 'script CPU', 'total', ' ms');
  top('unused-javascript', 'unused JS', 'wastedBytes', ' B');
  top('render-blocking-insight', 'render-blocking', 'wastedMs', ' ms');
  for (const item of items('mainthread-work-breakdown').slice(0, 4)) {
    lines.push(`main thread: ${text(item.groupLabel)} ${Number(item.duration).toFixed(0)} ms`);
  }
  return lines;
}

/** Builds the bare React + router page the site is measured against; returns its dist. */
function buildBaseline(): Promise<{ root: string; dist: string }> {
  return buildBareReactPage('.lighthouse-floor-', {
    head:
      '<meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
      '<meta name="description" content="floor" /><title>floor</title>',
    routeElement: '<main><h1>Frustrated Beast Token</h1><p>A bare React page.</p></main>',
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves a dist directory from memory, brotli-compressed like the BFF serves the site. */
async function serveStatic(dist: string): Promise<{ url: string; server: Server }> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const type = TYPES[extname(entry.name)] ?? 'application/octet-stream';
        files.set(`/${relative(dist, full)}`, {
          body: brotliCompressSync(readFileSync(full)),
          type,
        });
      }
    }
  };
  walk(dist);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = files.get(path === '/' ? '/index.html' : path);
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': file.type,
        'content-encoding': 'br',
        'cache-control': path === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
      })
      .end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/**
 * One Lighthouse run, mobile preset (its default) with simulated throttling; the CPU slowdown
 * is the preset's unless `cpuSlowdown` is given.
 */
async function audit(url: string, port: number, cpuSlowdown?: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttlingMethod: 'simulate',
    formFactor: 'mobile',
    ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  });
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const cpu = mainThreadCpu(result.artifacts.Trace.traceEvents, url);
  if (LHR_DIR !== undefined) {
    mkdirSync(LHR_DIR, { recursive: true });
    const name = new URL(url).searchParams.get('page') ?? 'baseline';
    writeFileSync(join(LHR_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError !== undefined) {
    throw new Error(
      `Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  const numeric = (id: string): number => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse audit ${id} has no value for ${url}`);
    return value;
  };
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    cpuBeforeFcpMs: cpu.beforeFcp,
    cpuMs: cpu.all,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...(DETAILS ? { details: describe(lhr) } : {}),
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

async function measure(url: string, port: number, cpuSlowdown: number): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(url, port, cpuSlowdown));
  const pick = (key: Exclude<keyof Figures, 'details'>) =>
    median(runs.map((figures) => figures[key]));
  return {
    score: pick('score'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    bytes: pick('bytes'),
    cpuBeforeFcpMs: pick('cpuBeforeFcpMs'),
    cpuMs: pick('cpuMs'),
    benchmarkIndex: pick('benchmarkIndex'),
    ...(runs[0]?.details === undefined ? {} : { details: runs[0].details }),
  };
}

async function main(): Promise<void> {
  const siteDir = mkdtempSync(join(tmpdir(), 'fbt-lighthouse-site-'));
  const baseline = await buildBaseline();
  await buildSite({ outDir: siteDir });
  const floorServer = await serveStatic(baseline.dist);
  const stack = await startStack({
    siteDir,
    // The leader page's code, on chain (a leader record paying a fresh wallet).
    leaders: [{ code: LEADER_CODE, wallet: Keypair.generate().publicKey.toBase58() }],
    bff: { logger: false },
  });
  const chromium = await launchChromiumDevTools();
  try {
    const pages: [string, string][] = [
      ['baseline: bare React + router', floorServer.url],
      // A query per page, so each is a real navigation (a hash change alone is not one).
      ['#/ (home)', `${stack.url}?page=home#/`],
      ['#/presale', `${stack.url}?page=presale#/presale`],
      [`#/leader?code=${LEADER_CODE}`, `${stack.url}?page=leader#/leader?code=${LEADER_CODE}`],
    ];
    // Calibration (unless CPU_SLOWDOWN names the multiplier): one run of the baseline at the
    // preset's slowdown reports the host's CPU.
    let cpuSlowdown = CPU_SLOWDOWN;
    let calibrationIndex: number | null = null;
    if (cpuSlowdown === undefined) {
      calibrationIndex = (await audit(pages[0]![1], chromium.port)).benchmarkIndex;
      cpuSlowdown = calibratedCpuSlowdown(calibrationIndex);
    }
    const results: [string, Figures][] = [];
    for (const [name, url] of pages) {
      results.push([name, await measure(url, chromium.port, cpuSlowdown)]);
    }

    const floor = results[0]![1];
    console.log(
      `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset, simulated throttling, Chromium ${CHROMIUM_PATH}`,
    );
    console.log(
      `CPU slowdown ${cpuSlowdown}x (${calibrationIndex === null ? 'CPU_SLOWDOWN' : `calibrated on host benchmarkIndex ${calibrationIndex.toFixed(0)}`}; per-page benchmarkIndex medians during the runs ${Math.min(...results.map(([, f]) => f.benchmarkIndex)).toFixed(0)}-${Math.max(...results.map(([, f]) => f.benchmarkIndex)).toFixed(0)}; the preset's 4x is meant for 1500-2000)`,
    );
    const header = [
      'page'.padEnd(32),
      'score',
      '   LCP s',
      '  TBT ms',
      '    CLS',
      '     KiB',
      ' LCP vs floor',
      ' CPU ms (<FCP)',
    ];
    console.log(header.join(' '));
    for (const [name, f] of results) {
      console.log(
        [
          name.padEnd(32),
          String(f.score).padStart(5),
          (f.lcpMs / 1000).toFixed(2).padStart(8),
          f.tbtMs.toFixed(0).padStart(8),
          f.cls.toFixed(3).padStart(7),
          (f.bytes / 1024).toFixed(0).padStart(8),
          `${(f.lcpMs / floor.lcpMs).toFixed(2)}x`.padStart(13),
          `${f.cpuMs.toFixed(0)} (${f.cpuBeforeFcpMs.toFixed(0)})`.padStart(14),
        ].join(' '),
      );
    }
    for (const [name, f] of DETAILS ? results : []) {
      console.log(`\n${name}:\n  ${(f.details ?? []).join('\n  ')}`);
    }
    const home = results[1]![1];
    const presale = results[2]![1];
    const goal = (label: string, ok: boolean) => `${label} ${ok ? 'MET' : 'MISSED'}`;
    console.log(
      [
        goal(`home score ${home.score} >= 95`, home.score >= 95),
        goal(`presale score ${presale.score} >= 90`, presale.score >= 90),
        goal(`home LCP ${(home.lcpMs / 1000).toFixed(2)} s <= 2.0 s`, home.lcpMs <= 2_000),
        goal(
          `worst CLS ${Math.max(...results.slice(1).map(([, f]) => f.cls)).toFixed(3)} <= 0.02`,
          results.slice(1).every(([, f]) => f.cls <= 0.02),
        ),
      ].join('\n'),
    );
  } finally {
    // Every step runs even if one before it fails (a leftover build dir in bench/ otherwise).
    for (const step of [
      () => chromium.stop(),
      () => stack.stop(),
      () => new Promise((resolve) => floorServer.server.close(resolve)),
      () =>
        [baseline.root, siteDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })),
    ]) {
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => console.error('cleanup:', error));
    }
  }
}

await main();
// web3.js in the stack keeps retrying its websocket to the stopped chain; the figures are out.
process.exit(0);
