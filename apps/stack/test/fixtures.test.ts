import {
  configResponseSchema,
  goalsResponseSchema,
  leaderboardResponseSchema,
  presaleResponseSchema,
  priceResponseSchema,
} from '@fbt/domain';
import { describe, expect, it } from 'vitest';
import { createFixtures } from './support/fixtures';

describe('browser-test fixtures speak the BFF wire format', () => {
  const fixtures = createFixtures();
  it.each([
    ['config', configResponseSchema, fixtures.config],
    ['goals', goalsResponseSchema, fixtures.goals],
    ['leaderboard', leaderboardResponseSchema, fixtures.leaderboard],
    ['presale public', presaleResponseSchema, fixtures.presale.public],
    ['presale private', presaleResponseSchema, fixtures.presale.private],
    ['presale leader', presaleResponseSchema, fixtures.presale.leader],
    ['price', priceResponseSchema, fixtures.price],
  ] as const)('%s parses with the shared schema', (_name, schema, value) => {
    const result = schema.safeParse(value);
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
