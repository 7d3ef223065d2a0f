import { explorerAccountUrl, type Cluster, type VerifyFact } from '@fbt/domain';
import { CheckIcon, CrossIcon, ExternalIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { useVerifyText } from '../i18n/verify-text';
import { factKey, factNoteText, factValueText, isCode } from '../lib/fact-text';

/** Where a fact's explorer link points: the cluster and, on a local chain, its public RPC. */
export interface ExplorerTarget {
  readonly cluster: Cluster;
  readonly rpcUrl: string | null;
}

/** One checked fact: passed or failed, its name and meaning, the chain's value, the explorer. */
export function FactRow({ fact, explorer }: { fact: VerifyFact; explorer: ExplorerTarget }) {
  const t = useVerifyText();
  const { language } = useI18n();
  const key = factKey(fact);
  const note = factNoteText(fact, t, language);
  const policy = fact.check === 'security-txt' ? fact.note : undefined;
  const name = t(key);
  return (
    <li
      className={`fact ${fact.passed ? 'fact--passed' : 'fact--failed'}`}
      data-testid={`fact-${fact.id}`}
      data-passed={fact.passed}
    >
      <span className="fact__mark" aria-hidden="true">
        {fact.passed ? <CheckIcon size={18} /> : <CrossIcon size={18} />}
      </span>
      <div className="fact__head">
        <p className="fact__name">
          {name}
          <span className="fact__status">
            {fact.passed ? t('verify.passed') : t('verify.failed')}
          </span>
        </p>
        <p className="fact__info">{t(`${key}.info` as typeof key)}</p>
      </div>
      <div className="fact__body">
        <p className={`fact__value${isCode(fact.value) ? ' fact__value--code' : ''}`}>
          {factValueText(fact.value, t, language)}
        </p>
        {note === null ? null : <p className="fact__note">{note}</p>}
        {policy === undefined ? null : (
          <a className="fact__note" href={policy} target="_blank" rel="noreferrer noopener">
            {t('verify.note.policy')}
          </a>
        )}
        {fact.passed ? null : (
          <p className="fact__expected">
            <span>{t('verify.expected')}:</span>{' '}
            <span className={isCode(fact.expected) ? 'fact__value--code' : undefined}>
              {factValueText(fact.expected, t, language)}
            </span>
          </p>
        )}
      </div>
      <a
        className="fact__explorer"
        href={explorerAccountUrl(fact.address, explorer.cluster, explorer.rpcUrl ?? undefined)}
        target="_blank"
        rel="noreferrer noopener"
        aria-label={t('verify.explorerLabel', { name })}
      >
        {t('verify.explorer')}
        <ExternalIcon size={14} />
      </a>
    </li>
  );
}
