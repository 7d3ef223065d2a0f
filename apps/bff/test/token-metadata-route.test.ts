/**
 * The FBT metadata document the mint's metadata `uri` names: the token's name and symbol, and
 * the site's logo under the configured public origin (a forged Host changes nothing), or under
 * the request's own origin on a local start.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { settingsFromConfig } from '../src/create-bff';
import { createTestWorld, startApp, TEST_SETTINGS } from './support/test-world';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('GET /token/fbt.json', () => {
  it('names the token and the site’s logo under PUBLIC_SITE_URL, whatever Host says', async () => {
    const config = loadConfig({ PUBLIC_SITE_URL: 'https://fbt.example' });
    app = await startApp(createTestWorld(), {
      settings: { ...TEST_SETTINGS, publicSiteUrl: settingsFromConfig(config).publicSiteUrl },
    });
    const response = await app.inject({
      url: '/token/fbt.json',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.body).not.toContain('evil.example');
    expect(response.json()).toEqual({
      name: 'Frustrated Beast Token',
      symbol: 'FBT',
      description: expect.stringContaining('Frustrated Beast') as unknown,
      image: 'https://fbt.example/token/fbt.png',
    });
  });

  it('takes the request’s origin on a local start without PUBLIC_SITE_URL', async () => {
    app = await startApp(createTestWorld(), {
      settings: {
        ...TEST_SETTINGS,
        publicSiteUrl: settingsFromConfig(loadConfig({})).publicSiteUrl,
      },
    });
    const response = await app.inject({
      url: '/token/fbt.json',
      headers: { host: '127.0.0.1:8080' },
    });
    expect(response.json<{ image: string }>().image).toBe('http://127.0.0.1:8080/token/fbt.png');
  });
});
