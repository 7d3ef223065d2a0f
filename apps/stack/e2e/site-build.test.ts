import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

describe('the site the browser tests load', () => {
  it('is the production build users get (React without its development runtime)', () => {
    const assets = join(inject('siteDistDir'), 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // A warning only React's development runtime carries; production builds strip it.
    const development = scripts.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('should have a unique "key" prop'),
    );
    expect(development).toEqual([]);
  });
});
