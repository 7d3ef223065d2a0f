import { readSiteLinks, type SiteLinks } from '@fbt/domain';
import { useEffect, useState } from 'react';
import { isRecord } from './api-client';
import { fetchSiteConfig } from './site-config';

/**
 * What the operator configured for the site's content (`GET /api/v1/config`): the outbound
 * links (an unconfigured one is absent, and the site hides what would lead to it), whether the
 * content is a sample (the local stack), and the firm on the audit badge. Read with small
 * guards, without zod: the footer and the top bar are on every page, home included.
 */
export interface SiteContentState {
  readonly links: SiteLinks;
  readonly sample: boolean;
  /** Set only together with an audit report link: the badge needs both. */
  readonly auditFirm: string | null;
  /** True until the config has been read (or failed): nothing is shown for links yet. */
  readonly isPending: boolean;
}

const NOTHING: SiteContentState = { links: {}, sample: false, auditFirm: null, isPending: true };

/** The site content of a config body; an unusable body means no links at all. */
export function readSiteContent(config: unknown): SiteContentState {
  if (!isRecord(config)) return { ...NOTHING, isPending: false };
  const links = readSiteLinks(config.links);
  const content = isRecord(config.content) ? config.content : {};
  const firm = typeof content.auditFirm === 'string' ? content.auditFirm.trim() : '';
  return {
    links,
    sample: content.sample === true,
    auditFirm: links.auditReport !== undefined && firm !== '' ? firm : null,
    isPending: false,
  };
}

let resolved: SiteContentState | undefined;

/** The site's content (links, sample flag, audit firm); no links until the config arrives. */
export function useSiteContent(): SiteContentState {
  const [state, setState] = useState<SiteContentState>(resolved ?? NOTHING);
  useEffect(() => {
    if (!state.isPending) return;
    let active = true;
    void fetchSiteConfig().then((config) => {
      resolved = readSiteContent(config);
      if (active) setState(resolved);
    });
    return () => {
      active = false;
    };
  }, [state.isPending]);
  return state;
}
