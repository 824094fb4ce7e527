import type { SenderContext } from './message-def';

/** The parts of runtime.MessageSender (and of a port's sender) the background looks at. */
export interface SenderInfo {
  id?: string;
  url?: string;
  origin?: string;
  tab?: unknown;
  frameId?: number;
  /** Chrome: the document the content script runs in (a new one after every navigation). */
  documentId?: string;
  /** Set by the router for content scripts: the page they run in, and which script it is. */
  page?: ContentPage;
}

/** Which content script: the platform's (the web app) or the sites script (a site the person added). */
export type PageKind = 'platform' | 'site';

/** The page a content script runs in, as the background tells pages apart. */
export interface ContentPage {
  kind: PageKind;
  /** pageKeyOf: one page of one tab. */
  key: string;
  tabId: number;
  /** The page's origin: an added site's pages share what they may ask. */
  origin: string;
}

/** The quick-note page: the one extension page a web page may hold (in the frame Fieldside's content
 * script puts there, web_accessible_resources). Typing happens in it, out of the page's reach. */
export const QUICK_NOTE_PATH = '/quick-note.html';

/**
 * Classifies who sent a message: one of Fieldside's own pages, the quick-note page (framed in a web page, so only its
 * own few messages), one of its content scripts, or nobody we talk to (other extensions; web pages cannot reach
 * runtime.onMessage at all). A content script's sender URL is the web page's; an extension page's is under our own
 * origin, or, for a web-accessible page opened by its per-session dynamic URL in Chrome, under another id of the
 * extension's scheme, which only our own documents can send from.
 */
export function classifySender(sender: SenderInfo, ownId: string, ownOrigin: string): SenderContext | undefined {
  if (sender.id !== ownId) return undefined;
  const base = ownOrigin.endsWith('/') ? ownOrigin : `${ownOrigin}/`;
  const url = sender.url ?? '';
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol === new URL(base).protocol) {
    if (parsed.pathname === QUICK_NOTE_PATH) return sender.tab !== undefined ? 'quickNote' : undefined;
    return url.startsWith(base) ? 'page' : undefined;
  }
  if (sender.tab !== undefined) return 'content';
  return undefined;
}

/** One page's key: its tab, frame and document (Chrome) or origin (Firefox, which names no
 * document); undefined for a sender without a tab or a URL. Messages and live ports of one content
 * script get the same key. */
export function pageKeyOf(sender: SenderInfo): string | undefined {
  const tabId = (sender.tab as { id?: unknown } | undefined)?.id;
  if (typeof tabId !== 'number' || !sender.url || !URL.canParse(sender.url)) return undefined;
  return `${tabId}:${sender.frameId ?? 0}:${sender.documentId ?? new URL(sender.url).origin}`;
}

/** The page of a content script's sender, given which script it is. */
export function contentPageOf(sender: SenderInfo, kind: PageKind): ContentPage | undefined {
  const key = pageKeyOf(sender);
  return key === undefined
    ? undefined
    : { kind, key, tabId: (sender.tab as { id: number }).id, origin: new URL(sender.url!).origin };
}
