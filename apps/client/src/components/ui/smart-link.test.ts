import { describe, expect, it } from 'vitest';
import { classifyLink } from './smart-link';

describe('footer link rules', () => {
  it.each([
    ['mailto:partners@frustratedbeasttoken.com', 'mail'],
    ['partners@frustratedbeasttoken.com', 'mail'],
    ['#/roadmap', 'hash'],
    ['#', 'hash'],
    ['https://t.me/frustratedbeasttoken', 'external'],
    ['https://docs.frustratedbeasttoken.com/whitepaper-en.pdf', 'external'],
  ] as const)('%s opens as %s', (href, kind) => {
    expect(classifyLink(href)).toBe(kind);
  });
});
