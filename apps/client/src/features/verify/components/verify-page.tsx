import type { ConfigResponse, PresaleVariant, VerifyFact } from '@fbt/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CheckIcon, CrossIcon, DocumentIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n/i18n';
import { useVerifyReport } from '../api/use-verify-report';
import { useVerifyText, type VerifyKey } from '../i18n/verify-text';
import { FactRow, type ExplorerTarget } from './fact-row';
import './verify.css';

type Group = { readonly id: 'mint' | 'program' | PresaleVariant; readonly facts: VerifyFact[] };

/** The report's facts by section: the token, the program, then each presale in the site's order. */
function groupFacts(facts: readonly VerifyFact[], variants: readonly PresaleVariant[]): Group[] {
  const groups: Group[] = [
    { id: 'mint', facts: facts.filter((fact) => fact.group === 'mint') },
    { id: 'program', facts: facts.filter((fact) => fact.group === 'program') },
  ];
  for (const variant of variants) {
    groups.push({
      id: variant,
      facts: facts.filter((fact) => fact.group === 'presale' && fact.variant === variant),
    });
  }
  return groups;
}

function Summary({
  facts,
  readAt,
  onAgain,
  busy,
}: {
  facts: readonly VerifyFact[];
  readAt: Date;
  onAgain: () => void;
  busy: boolean;
}) {
  const { language } = useI18n();
  const t = useVerifyText();
  const failed = facts.filter((fact) => !fact.passed).length;
  const time = readAt.toLocaleTimeString(language === 'it' ? 'it-IT' : 'en-US');
  return (
    <section
      className={`verify-summary card ${failed === 0 ? 'verify-summary--passed' : 'verify-summary--failed'}`}
      data-testid="verify-summary"
      aria-live="polite"
    >
      <span className="verify-summary__mark" aria-hidden="true">
        {failed === 0 ? <CheckIcon size={28} /> : <CrossIcon size={28} />}
      </span>
      <div className="verify-summary__text">
        <p className="verify-summary__title">
          {failed === 0
            ? t('verify.allPassed', { total: facts.length })
            : t('verify.someFailed', { failed, total: facts.length })}
        </p>
        <p className="verify-summary__time">{t('verify.readAt', { time })}</p>
      </div>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onAgain} disabled={busy}>
        {t('verify.again')}
      </button>
    </section>
  );
}

function Yourself({ config }: { config: ConfigResponse }) {
  const t = useVerifyText();
  return (
    <section className="verify-yourself card" aria-labelledby="verify-yourself-title">
      <h2 id="verify-yourself-title" className="verify-group__title">
        {t('verify.yourselfTitle')}
      </h2>
      <a className="verify-yourself__idl" href={config.verify?.idlPath ?? '/idl/presale.json'}>
        <DocumentIcon size={20} />
        <span>
          <strong>{t('verify.idl')}</strong>
          <span>{t('verify.idlText')}</span>
        </span>
      </a>
      <p>{t('verify.cli')}</p>
      <pre className="verify-yourself__cli">
        <code>npx fbt-operator verify --deployment deployment.json</code>
      </pre>
      <p className="verify-yourself__source">{t('verify.source')}</p>
    </section>
  );
}

/** "Verify this sale": every fact read from the chain in this browser, passed or failed. */
export function VerifyPage({
  config,
  configError,
}: {
  config: ConfigResponse | undefined;
  configError: Error | null;
}) {
  const t = useVerifyText();
  const query = useVerifyReport(config);
  const error = configError ?? query.error;
  const [params] = useSearchParams();
  const sale = params.get('sale');
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (!loaded || sale === null) return;
    // A frame later: the layout scrolls a newly opened page to the top in its own effect.
    const frame = requestAnimationFrame(() =>
      document.getElementById(`verify-${sale}`)?.scrollIntoView({ block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [loaded, sale]);

  const explorer: ExplorerTarget | null =
    config === undefined ? null : { cluster: config.cluster, rpcUrl: config.explorerRpcUrl };
  return (
    <>
      <header className="page-header container">
        <p className="eyebrow">{t('verify.eyebrow')}</p>
        <h1 className="page-title">{t('verify.title')}</h1>
        <p className="lead">{t('verify.lead')}</p>
      </header>
      <div className="container verify">
        {error !== null ? (
          <div className="verify__state verify__state--error" role="alert">
            <p>{t('verify.error', { message: error.message })}</p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void query.refetch()}
            >
              {t('verify.again')}
            </button>
          </div>
        ) : query.data === undefined || config === undefined || explorer === null ? (
          <p className="verify__state" role="status">
            {t('verify.reading')}
          </p>
        ) : (
          <>
            <Summary
              facts={query.data.report.facts}
              readAt={query.data.readAt}
              busy={query.isFetching}
              onAgain={() => void query.refetch()}
            />
            {groupFacts(
              query.data.report.facts,
              config.variants.map((entry) => entry.variant),
            ).map((group) => (
              <section
                key={group.id}
                id={`verify-${group.id}`}
                className="verify-group card"
                aria-labelledby={`verify-${group.id}-title`}
                data-testid={`verify-group-${group.id}`}
              >
                <h2 id={`verify-${group.id}-title`} className="verify-group__title">
                  {t(`verify.group.${group.id}` as VerifyKey)}
                </h2>
                <ul className="verify-group__facts">
                  {group.facts.map((fact) => (
                    <FactRow key={fact.id} fact={fact} explorer={explorer} />
                  ))}
                </ul>
              </section>
            ))}
            <Yourself config={config} />
          </>
        )}
      </div>
    </>
  );
}
