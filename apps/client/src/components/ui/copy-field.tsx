import { useId, useRef, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/i18n';
import { CopyIcon } from './icons';
import { useCopy } from './use-copy';
import './copy-field.css';

/**
 * A link to share: its label, the link itself (read-only and selectable, in case copying is
 * not allowed), 'Copy link' (the clipboard, then 'Link copied' for a moment; where the
 * clipboard is refused the link is selected and the field says so), more actions after Copy
 * (`children`) and an optional one-line hint. `testId` names the field; its Copy button is
 * `<testId>-copy`.
 */
export function CopyField({
  label,
  value,
  testId,
  hint,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  hint?: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state: copy, copy: onCopy } = useCopy(value, () => input.current?.select());

  return (
    <div className="copy-field">
      <label className="copy-field__label" id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <div className="copy-field__row">
        <input
          ref={input}
          id={id}
          className="copy-field__input"
          type="text"
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          aria-describedby={hint === undefined ? undefined : `${id}-hint`}
          data-testid={testId}
        />
        <div className="copy-field__actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onCopy}
            aria-describedby={`${id}-label`}
            data-testid={`${testId}-copy`}
          >
            <CopyIcon size={16} />
            <span aria-live="polite">
              {copy === 'copied' ? t('share.copied') : t('share.copy')}
            </span>
          </button>
          {children}
        </div>
      </div>
      {hint === undefined ? null : (
        <p className="copy-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {copy === 'failed' ? (
        <p className="copy-field__hint" role="status">
          {t('share.copyFailed')}
        </p>
      ) : null}
    </div>
  );
}
