// The e-mail open in a webmail's message view (Gmail, Outlook on the web), on sites the person turned on: who sent
// it, its subject and its text, and where the card goes (above the message's text, in a host with a closed shadow
// root, as badges are). Read by structure, as each webmail's page is built; the tests' imitations
// (tests/e2e/support/webmail/) follow the same structure and say where it is a guess.

export const CARD_TAG = 'fieldside-card';
/** Set on a message's text once its card is there: one card per message. */
export const CARD_MARK = 'data-fieldside-card';

export interface OpenEmail {
  /** The message's text element: the card goes above it. */
  body: HTMLElement;
  sender: { name: string; email: string };
  subject: string;
  text: string;
}

export interface CardTarget {
  host: HTMLElement;
  root: ShadowRoot;
  email: OpenEmail;
}

const clip = (text: string | null | undefined, max: number) =>
  (text ?? '').replace(/\s+\n/g, '\n').trim().slice(0, max);

/** Gmail: each message of the open conversation is a `div.adn`; its sender `span.gD` carries `email` and `name`
 * attributes, its text is `div.a3s`; the conversation's subject is `h2.hP`. The last message with text is the one
 * read. (Class names are Gmail's own, generated and stable for years; extensions such as Streak's read them.) */
function gmail(doc: Document): OpenEmail | null {
  const messages = [...doc.querySelectorAll<HTMLElement>('div.adn')].filter((m) => m.querySelector('div.a3s'));
  const last = messages.at(-1);
  const from = last?.querySelector<HTMLElement>('span.gD[email]');
  const body = last?.querySelector<HTMLElement>('div.a3s');
  if (!last || !from || !body) return null;
  return {
    body,
    sender: {
      name: clip(from.getAttribute('name') ?? from.textContent, 200),
      email: clip(from.getAttribute('email'), 254),
    },
    subject: clip(doc.querySelector('h2.hP')?.textContent, 1_000),
    text: clip(body.innerText || body.textContent, 20_000),
  };
}

/** Outlook on the web: the reading pane (`#ReadingPaneContainerId`), the message's text in
 * `div[aria-label="Message body"]`, the subject in the pane's `[role="heading"]`, the sender as a button or span
 * whose `title` or text is "Name <address>" (a guess from how the page reads to a screen reader; Outlook's class
 * names are generated per build, so none is relied on). */
function outlook(doc: Document): OpenEmail | null {
  const pane = doc.getElementById('ReadingPaneContainerId');
  const bodies = pane ? [...pane.querySelectorAll<HTMLElement>('div[aria-label="Message body"]')] : [];
  const body = bodies.at(-1);
  if (!pane || !body) return null;
  const fromText = [...pane.querySelectorAll<HTMLElement>('[aria-label^="From"], [title*="@"]')]
    .flatMap((el) => [el.getAttribute('title') ?? '', el.textContent ?? ''])
    .find((t) => /@/.test(t));
  const email = /[^\s<>"]+@[^\s<>"]+\.[A-Za-z]{2,}/.exec(fromText ?? '')?.[0] ?? '';
  const name = (fromText ?? '')
    .replace(/<[^>]*>|[^\s<>"]+@[^\s<>"]+/g, '')
    .replace(/^\s*From:?/i, '')
    .trim();
  return {
    body,
    sender: { name: clip(name, 200), email: clip(email.toLowerCase(), 254) },
    subject: clip(pane.querySelector('[role="heading"]')?.textContent, 1_000),
    text: clip(body.innerText || body.textContent, 20_000),
  };
}

/** The e-mail open on the page, if this is a webmail's message view. */
export function findOpenEmail(doc: Document): OpenEmail | null {
  const found = gmail(doc) ?? outlook(doc);
  return found && found.sender.email ? found : null;
}

/** A card host above the open e-mail's text, unless it has one. */
export function attachCard(doc: Document): CardTarget[] {
  const email = findOpenEmail(doc);
  if (!email || email.body.hasAttribute(CARD_MARK)) return [];
  email.body.setAttribute(CARD_MARK, '');
  const host = doc.createElement(CARD_TAG);
  host.style.cssText = 'all: initial; display: block; margin: 0 0 12px';
  email.body.before(host);
  return [{ host, root: host.attachShadow({ mode: 'closed' }), email }];
}
