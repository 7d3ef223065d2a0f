import { useId, useRef } from 'react';
import { useI18n } from '../../lib/i18n/i18n';
import { CopyIcon } from '../ui/icons';
import { useCopy } from '../ui/use-copy';

/**
 * The connected wallet's full address, on as many lines as it takes (never cut short), with
 * 'Copy address', then 'Address copied' for a moment; where the clipboard is refused the address
 * is selected and the dialog says to copy it by hand.
 */
export function WalletAddress({ address }: { address: string }) {
  const { t } = useI18n();
  const labelId = useId();
  const text = useRef<HTMLElement>(null);
  const selectAddress = () => {
    const node = text.current;
    if (node === null) return;
    window.getSelection()?.selectAllChildren(node);
  };
  const { state, copy } = useCopy(address, selectAddress);
  return (
    <div className="wallet-address">
      <p className="wallet-address__label" id={labelId}>
        {t('wallet.addressLabel')}
      </p>
      <code
        ref={text}
        className="wallet-address__value"
        aria-labelledby={labelId}
        data-testid="wallet-address"
      >
        {address}
      </code>
      <button
        type="button"
        className="btn btn-secondary btn-sm wallet-address__copy"
        onClick={copy}
        data-testid="wallet-address-copy"
      >
        <CopyIcon size={16} />
        <span aria-live="polite">
          {state === 'copied' ? t('wallet.addressCopied') : t('wallet.copyAddress')}
        </span>
      </button>
      {state === 'failed' ? (
        <p className="wallet-address__hint" role="status">
          {t('wallet.copyAddressFailed')}
        </p>
      ) : null}
    </div>
  );
}
