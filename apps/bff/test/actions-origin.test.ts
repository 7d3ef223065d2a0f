/**
 * The absolute links of a Blink (icon, buttons) with a forged `Host`: answered from the
 * configured public origin (`PUBLIC_SITE_URL`, required in production), from the request's
 * origin only when none is configured (a local or development start).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { settingsFromConfig } from '../src/create-bff';
import { createTestWorld, startApp, TEST_SETTINGS, type TestWorld } from './support/test-world';

interface BlinkLinks {
  icon: string;
  links: { actions: { href: string }[] };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A devnet world: fixed Action headers, no genesis-hash read. */
function devnetWorld(): TestWorld {
  const world = createTestWorld();
  world.deployment = { ...world.deployment, cluster: 'devnet' };
  return world;
}

async function blinkFrom(
  headers: Record<string, string>,
): Promise<{ text: string; body: BlinkLinks }> {
  const response = await app!.inject({ url: '/api/actions/presale/public', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=10');
  return { text: response.body, body: response.json<BlinkLinks>() };
}

describe('Blink links and a forged Host', () => {
  it('come from PUBLIC_SITE_URL in production, whatever Host or X-Forwarded-Host says', async () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://fbt.example' });
    app = await startApp(devnetWorld(), {
      settings: {
        ...TEST_SETTINGS,
        trustProxy: true,
        publicSiteUrl: settingsFromConfig(config).publicSiteUrl,
      },
    });
    const { text, body } = await blinkFrom({
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(text).not.toContain('evil.example');
    expect(body.icon).toBe('https://fbt.example/api/actions/icon.svg');
    expect(body.links.actions.length).toBeGreaterThan(0);
    for (const action of body.links.actions)
      expect(action.href).toMatch(/^https:\/\/fbt\.example\/api\/actions\/presale\/public\?/);
  });

  it("come from the request's origin on a local start without PUBLIC_SITE_URL", async () => {
    app = await startApp(devnetWorld(), {
      settings: {
        ...TEST_SETTINGS,
        publicSiteUrl: settingsFromConfig(loadConfig({})).publicSiteUrl,
      },
    });
    const { body } = await blinkFrom({ host: '127.0.0.1:8080' });
    expect(body.icon).toBe('http://127.0.0.1:8080/api/actions/icon.svg');
  });
});
