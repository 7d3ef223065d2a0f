import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/i18n';

/** How a link opens, by the footer's rule: `@` mail client, `#` hash route, otherwise new tab. */
export type LinkKind = 'mail' | 'hash' | 'external';

/** Classifies a link by the footer's rule (an address containing `@` is a mail link). */
export function classifyLink(href: string): LinkKind {
  if (href.startsWith('#')) return 'hash';
  if (href.includes('@')) return 'mail';
  return 'external';
}

export interface SmartLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/**
 * A link that follows the footer rules: mail links open the mail client, `#…` links change the
 * hash route, anything else opens in a new tab (announced to screen readers).
 */
export function SmartLink({ href, children, className, ...rest }: SmartLinkProps) {
  const navigate = useNavigate();
  const { t } = useI18n();
  const kind = classifyLink(href);

  if (kind === 'mail') {
    const mailto = href.startsWith('mailto:') ? href : `mailto:${href}`;
    return (
      <a href={mailto} className={className} aria-label={rest['aria-label']}>
        {children}
      </a>
    );
  }
  if (kind === 'hash') {
    const path = href.replace(/^#/, '') || '/';
    return (
      <a
        href={href}
        className={className}
        aria-label={rest['aria-label']}
        onClick={(event) => {
          event.preventDefault();
          void navigate(path.startsWith('/') ? path : `/${path}`);
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={rest['aria-label'] ? `${rest['aria-label']} ${t('nav.newTab')}` : undefined}
    >
      {children}
      {rest['aria-label'] ? null : <span className="visually-hidden"> {t('nav.newTab')}</span>}
    </a>
  );
}
