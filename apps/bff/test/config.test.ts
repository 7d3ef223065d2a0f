import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('applies documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      DEPLOYMENT_FILE: './data/localnet/deployment.json',
      DATABASE_PATH: './data/ledger.sqlite',
      PYTH_HERMES_URL: 'https://pyth.dourolabs.app/hermes',
      PRICE_REFRESH_MS: 30_000,
      PRESALE_REFRESH_MS: 60_000,
      GOALS_REFRESH_MS: 300_000,
      CORS_ORIGINS: [],
      TRUST_PROXY: false,
      PUBLIC_LINKS: {},
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('parses lists, booleans, JSON and an empty Pyth URL (disabled)', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: 'true',
      PUBLIC_LINKS: '{"whitepaperEn":"https://example.org/wp.pdf"}',
      PYTH_HERMES_URL: '',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.PUBLIC_LINKS).toEqual({ whitepaperEn: 'https://example.org/wp.pdf' });
    expect(config.PYTH_HERMES_URL).toBeUndefined();
  });

  it('lists every bad key at once, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PRICE_REFRESH_MS: '1000',
        SOLANA_RPC_URL: 'not a url',
        CORS_ORIGINS: 'https://ok.example,nope',
        LOG_LEVEL: 'loud',
        PUBLIC_LINKS: '{',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of [
      'PORT',
      'PRICE_REFRESH_MS',
      'SOLANA_RPC_URL',
      'CORS_ORIGINS',
      'LOG_LEVEL',
      'PUBLIC_LINKS',
    ]) {
      expect(problems).toContain(key);
    }
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it.each([
    [{ TELEGRAM_BOT_TOKEN: 't' }, 'TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID: set both or neither'],
    [{ X_USERNAME: 'fbt' }, 'X_BEARER_TOKEN and X_USERNAME: set both or neither'],
    [
      { DATABASE_URL: 'mysql://u:p@db/ledger' },
      'DATABASE_URL: must start with postgres:// or postgresql:// (got mysql://)',
    ],
    [{ DATABASE_URL: 'postgres://db:5432' }, 'DATABASE_URL: must name one database after the host'],
    [
      { DATABASE_URL: 'postgres://db/ledger', DATABASE_PATH: './data/ledger.sqlite' },
      'DATABASE_URL and DATABASE_PATH: set one (PostgreSQL or SQLite leader ledger), not both',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('requires PUBLIC_SITE_URL in production, where no link is built from a request Host', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^PUBLIC_SITE_URL: required when NODE_ENV=production: .*SITE_ADDRESS/),
    ]);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://fbt.example' })
        .PUBLIC_SITE_URL,
    ).toBe('https://fbt.example');
    // A local or development start keeps the request's own origin.
    for (const NODE_ENV of ['development', 'test', undefined]) {
      expect(loadConfig({ NODE_ENV }).PUBLIC_SITE_URL).toBeUndefined();
    }
  });

  it('serves metrics on 127.0.0.1:9464 by default; METRICS_PORT=off disables, 0 picks a free port', () => {
    expect(loadConfig({})).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: 'off' }).METRICS_PORT).toBeNull();
    expect(loadConfig({ METRICS_PORT: ' 0 ' }).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_HOST: '10.0.0.5' }).METRICS_HOST).toBe('10.0.0.5');
    for (const bad of ['x', '-1', '70000', 'OFF', '']) {
      expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT: /);
    }
  });

  it('accepts a postgres:// or postgresql:// DATABASE_URL; without one the ledger is SQLite', () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    for (const url of [
      'postgres://fbt:pw@db:5432/ledger',
      'postgresql://db/ledger?sslmode=require',
    ]) {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });
});
