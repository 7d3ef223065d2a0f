import {
  characterSchedule,
  eyesSchedule,
  formatSol,
  parseLeaderCodeFromUrl,
  PUBLIC_TARGET_LAMPORTS,
  LEADER_TARGET_LAMPORTS,
  type PresaleVariant,
} from '@fbt/domain';
import { useLocation } from 'react-router';
import beastCalm from '../../../assets/art/beast-calm.svg';
import beastMutated from '../../../assets/art/beast-mutated.svg';
import eyesGlance from '../../../assets/art/eyes-glance.svg';
import eyesOpen from '../../../assets/art/eyes-open.svg';
import presaleCoin from '../../../assets/art/presale-coin.svg';
import { ProgressCard } from '../../../components/ui/progress-card';
import { useRegisterWallet } from '../../../components/wallet/wallet-state';
import { useI18n } from '../../../lib/i18n/i18n';
import { useSchedule } from '../../../lib/use-schedule';
import { usePresale } from '../api/get-presale';
import { useInjectedWallet } from '../hooks/use-injected-wallet';
import { PurchaseBoxShell } from './purchase-box-shell';
import { WalletPicker } from './wallet-picker';
import './presale.css';

const createCharacterSchedule = () => characterSchedule(Math.random);
const createEyesSchedule = () => eyesSchedule(Math.random);

/** Animated beast (public page) or eyes (private and leader pages); hidden at <= 600 px. */
function PresaleCharacter({ variant }: { variant: PresaleVariant }) {
  const { t } = useI18n();
  const isEyes = variant !== 'public';
  const frame = useSchedule(isEyes ? createEyesSchedule : createCharacterSchedule);
  const frames = isEyes
    ? { first: eyesOpen, second: eyesGlance, width: 320, height: 160, alt: t('presale.eyesAlt') }
    : {
        first: beastCalm,
        second: beastMutated,
        width: 400,
        height: 400,
        alt: t('presale.characterAlt'),
      };
  return (
    <div
      className={`presale__character${isEyes ? ' presale__character--eyes' : ''}`}
      data-testid="presale-character"
      data-frame={frame}
    >
      <img
        src={frame === 0 ? frames.first : frames.second}
        width={frames.width}
        height={frames.height}
        alt={frames.alt}
      />
    </div>
  );
}

/**
 * A presale page (public `presale`, private `{name}`, `leader`): heading, copy, image, the
 * purchase box, the animated character and the 'SOL Target' progress card.
 */
export function PresalePage({ variant }: { variant: PresaleVariant }) {
  const { t } = useI18n();
  const location = useLocation();
  const wallet = useInjectedWallet();
  useRegisterWallet(wallet);
  const presale = usePresale(variant);

  const leaderCode =
    variant === 'leader'
      ? parseLeaderCodeFromUrl(`${window.location.origin}/#${location.pathname}${location.search}`)
      : null;

  const target =
    presale.data !== undefined
      ? BigInt(presale.data.targetLamports)
      : variant === 'leader'
        ? LEADER_TARGET_LAMPORTS
        : variant === 'public'
          ? PUBLIC_TARGET_LAMPORTS
          : null;
  const raised = presale.data ? BigInt(presale.data.state.currentTotalSold) : null;

  return (
    <div className="presale" data-variant={variant}>
      <header className="page-header container presale__header">
        <p className="eyebrow">
          {variant === 'private'
            ? t('presale.privateBadge')
            : variant === 'leader'
              ? t('presale.leaderBadge')
              : t('presale.eyebrow')}
        </p>
        <h1 className="page-title">{t('presale.title')}</h1>
        <div className="presale__copy">
          <p>{t('presale.copy1')}</p>
          <p>{t('presale.copy2')}</p>
          <p className="presale__question">{t('presale.copy3')}</p>
        </div>
        {variant === 'leader' ? (
          <p className="presale__leader" data-testid="leader-code">
            {leaderCode ? (
              <>
                {t('presale.leaderCode')}: <strong>{leaderCode}</strong>
              </>
            ) : (
              t('presale.leaderCodeMissing')
            )}
          </p>
        ) : null}
      </header>

      <div className="container presale__grid">
        <div className="presale__visual">
          <img
            className="presale__image"
            src={presaleCoin}
            width={360}
            height={360}
            alt={t('presale.imageAlt')}
          />
          <PresaleCharacter variant={variant} />
        </div>
        <div className="presale__side">
          <PurchaseBoxShell wallet={wallet} address={wallet.address} />
          <ProgressCard
            testId="sol-target"
            title={t('presale.targetTitle')}
            goalLabel={target !== null ? `${formatSol(target, { maxFractionDigits: 2 })} SOL` : '—'}
            current={raised ?? 0n}
            goal={target ?? 0n}
            currentLabel={raised !== null ? formatSol(raised, { maxFractionDigits: 4 }) : null}
            unit={t('presale.targetType')}
            formatRemaining={(remaining) => `${formatSol(remaining, { maxFractionDigits: 4 })} SOL`}
          />
        </div>
      </div>
      {wallet.pickerOpen ? (
        <WalletPicker onSelect={(name) => void wallet.select(name)} onClose={wallet.closePicker} />
      ) : null}
    </div>
  );
}
