import type { SenderContext } from './protocol';

/** The parts of runtime.MessageSender the router looks at. */
export interface SenderInfo {
  id?: string;
  url?: string;
  origin?: string;
  tab?: unknown;
}

/**
 * Classifies who sent a message: one of Fieldside's own pages, one of its content scripts, or
 * nobody we talk to. Another extension (different `id`) and web pages (which can't reach
 * runtime.onMessage at all without externally_connectable) are refused. A content script's
 * sender URL is the web page's; an extension page's is under our own origin.
 */
export function classifySender(sender: SenderInfo, ownId: string, ownOrigin: string): SenderContext | undefined {
  if (sender.id !== ownId) return undefined;
  const base = ownOrigin.endsWith('/') ? ownOrigin : `${ownOrigin}/`;
  const url = sender.url ?? '';
  if (url.startsWith(base)) return 'page';
  if (sender.tab !== undefined && url !== '') return 'content';
  return undefined;
}
