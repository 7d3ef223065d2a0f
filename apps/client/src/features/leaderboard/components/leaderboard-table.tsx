import { COUNT_AMOUNT, formatAmount, SOL_AMOUNT } from '@fbt/domain';
import { useI18n } from '../../../lib/i18n/i18n';
import { useLeaderboard } from '../api/get-leaderboard';
import './leaderboard.css';

/** Leaderboard page: top leaders with buys, volume and commission (from the BFF's ledger). */
export function LeaderboardTable() {
  const { t, language } = useI18n();
  const query = useLeaderboard();

  return (
    <>
      <header className="page-header container">
        <p className="eyebrow">{t('leaderboard.eyebrow')}</p>
        <h1 className="page-title">{t('leaderboard.title')}</h1>
        <p className="lead">{t('leaderboard.subtitle')}</p>
      </header>
      <div className="container leaderboard">
        {query.isPending ? (
          <p className="leaderboard__state" role="status">
            {t('leaderboard.loading')}
          </p>
        ) : query.isError ? (
          <div className="leaderboard__state leaderboard__state--error" role="alert">
            <p>{t('leaderboard.error')}</p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void query.refetch()}
            >
              {t('leaderboard.retry')}
            </button>
          </div>
        ) : query.data.leaders.length === 0 ? (
          <p className="leaderboard__state" role="status">
            {t('leaderboard.empty')}
          </p>
        ) : (
          <div
            className="leaderboard__wrap card"
            role="region"
            aria-label={t('leaderboard.title')}
            tabIndex={0}
          >
            <table className="leaderboard__table">
              <thead>
                <tr>
                  <th scope="col">{t('leaderboard.rank')}</th>
                  <th scope="col">{t('leaderboard.code')}</th>
                  <th scope="col" className="num col-buys">
                    {t('leaderboard.buys')}
                  </th>
                  <th scope="col" className="num">
                    {t('leaderboard.volume')}
                  </th>
                  <th scope="col" className="num">
                    {t('leaderboard.commission')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.leaders.map((leader, index) => (
                  <tr key={leader.code} data-testid="leader-row">
                    <td>
                      <span className={`leaderboard__rank leaderboard__rank--${index + 1}`}>
                        {index + 1}
                      </span>
                    </td>
                    <th scope="row" className="leaderboard__code">
                      {leader.code}
                    </th>
                    <td className="num col-buys">
                      {formatAmount(BigInt(leader.buys), COUNT_AMOUNT, language)}
                    </td>
                    <td className="num">
                      {formatAmount(BigInt(leader.totalLamports), SOL_AMOUNT, language)} SOL
                    </td>
                    <td className="num leaderboard__commission">
                      {formatAmount(BigInt(leader.commissionLamports), SOL_AMOUNT, language)} SOL
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
