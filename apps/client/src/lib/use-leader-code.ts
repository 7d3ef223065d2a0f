import { parseLeaderCodeFromUrl, type PresaleVariant } from '@fbt/domain';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The leader page's code while the page has not read its link yet (see {@link useLeaderCode}). */
export const LEADER_CODE_UNREAD: unique symbol = Symbol('leader code unread');

/**
 * A presale page's leader code: undefined off the leader page, null when the link has none (or
 * a malformed one), {@link LEADER_CODE_UNREAD} until the page has read its link.
 */
export type PageLeaderCode = string | null | undefined | typeof LEADER_CODE_UNREAD;

const subscribeToNothing = () => () => undefined;

/**
 * False while the page is rendered at build time and while React adopts that markup (hydration:
 * React renders with the build's answer, so the markup matches), true from the next render on
 * and on any page rendered in the browser from scratch.
 */
function useLinkReadable(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The leader code of the page's link (`#/leader?code=…`). The leader page's first paint is
 * markup rendered at build time, which cannot know the link's code: there and while React adopts
 * that markup the code is {@link LEADER_CODE_UNREAD} (the page says it is checking it, and Send
 * waits), then it is read from the link at once.
 */
export function useLeaderCode(variant: PresaleVariant): PageLeaderCode {
  const location = useLocation();
  const readable = useLinkReadable();
  if (variant !== 'leader') return undefined;
  if (!readable) return LEADER_CODE_UNREAD;
  return parseLeaderCodeFromUrl(
    `${window.location.origin}/#${location.pathname}${location.search}`,
  );
}
