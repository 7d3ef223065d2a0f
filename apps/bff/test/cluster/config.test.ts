import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('cluster configuration', () => {
  it('REDIS_URL unset: one instance (no Redis), lease defaults', () => {
    const config = loadConfig({});
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.INSTANCE_ID).toBeUndefined();
    expect(config.LEASE_TTL_MS).toBe(10_000);
  });

  it.each([
    'redis://127.0.0.1:6379',
    'redis://:secret@redis:6379/2',
    'rediss://user:secret@cache.example.org:6380',
  ])('accepts %s', (url) => {
    expect(loadConfig({ REDIS_URL: url }).REDIS_URL).toBe(url);
  });

  it.each([
    ['http://127.0.0.1:6379', 'REDIS_URL: must start with redis:// or rediss:// (got http://)'],
    ['127.0.0.1:6379', 'REDIS_URL: must start with redis:// or rediss://'],
    ['redis://[::1', 'REDIS_URL: must be a URL like redis://host:6379'],
    ['redis://cache:6379/main', 'REDIS_URL: the path must be a database number'],
  ])('refuses %s, naming the problem', (url, message) => {
    const found = problems({ REDIS_URL: url });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('never echoes a password from a bad REDIS_URL', () => {
    const found = problems({ REDIS_URL: 'http://user:hunter2@cache:6379' });
    expect(found.join()).not.toContain('hunter2');
  });

  it('INSTANCE_ID is a short name; LEASE_TTL_MS is bounded', () => {
    expect(loadConfig({ INSTANCE_ID: 'bff-1.eu:a' }).INSTANCE_ID).toBe('bff-1.eu:a');
    expect(problems({ INSTANCE_ID: 'bff 1' })[0]).toContain('INSTANCE_ID: only letters, digits');
    expect(problems({ INSTANCE_ID: 'x'.repeat(101) })[0]).toContain('INSTANCE_ID: at most 100');
    expect(loadConfig({ LEASE_TTL_MS: '1500' }).LEASE_TTL_MS).toBe(1_500);
    expect(problems({ LEASE_TTL_MS: '500' })[0]).toContain('LEASE_TTL_MS');
    expect(problems({ LEASE_TTL_MS: '120000' })[0]).toContain('LEASE_TTL_MS');
  });
});
