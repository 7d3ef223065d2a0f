import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n/i18n';
import { it as italian } from '../../../lib/i18n/it';
import type { DistributionStatus } from '../lib/distribution';
import { DistributionLine } from './distribution-status';

function line(status: DistributionStatus, language: 'en' | 'it' = 'en'): string {
  const markup = renderToStaticMarkup(
    <I18nProvider {...(language === 'it' ? { initial: { language, messages: italian } } : {})}>
      <DistributionLine status={status} />
    </I18nProvider>,
  );
  return markup.replace(/<[^>]+>/g, '');
}

describe("the target card's distribution line", () => {
  it('counts buyers the way the rest of the site writes numbers, EN and IT', () => {
    const status = { kind: 'distributing', done: 1_234n, total: 12_345n } as const;
    expect(line(status)).toBe('Distributing: 1,234 of 12,345 buyers');
    // Italian leaves a four-digit number ungrouped and groups from five digits with a dot.
    expect(line(status, 'it')).toBe('Distribuzione: 1234 di 12.345 acquirenti');
  });

  it("counts a failed sale's refunds the same way", () => {
    const status = { kind: 'failed', done: 0n, total: 20_000n } as const;
    expect(line(status)).toBe('Minimum not reached: 0 of 20,000 buyers refunded');
    expect(line(status, 'it')).toBe('Minimo non raggiunto: 0 di 20.000 acquirenti rimborsati');
  });
});
