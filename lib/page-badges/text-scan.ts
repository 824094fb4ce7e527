import { createHost, HOST_TAG, MARK, type BadgeTarget } from './scan';

// Sites the user added (webmail, a CRM): the badge goes beside text like "Job #1234". A TreeWalker
// over text nodes only, bounded in nodes and matches so a huge page costs a bounded amount, and
// skipping editable areas, code and Fieldside's own hosts.

export const JOB_TEXT_RE = /\bjob\s*(?:#|no\.?|number)\s*(\d{1,10})\b/gi;
/** NodeFilter.SHOW_TEXT (a literal, so the helper runs where NodeFilter is not a global: tests). */
const SHOW_TEXT = 0x4;
const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEXTAREA',
  'INPUT',
  'SELECT',
  'CODE',
  'PRE',
  HOST_TAG.toUpperCase(),
]);

export interface TextScanLimits {
  maxNodes: number;
  maxMatches: number;
}
const LIMITS: TextScanLimits = { maxNodes: 20_000, maxMatches: 200 };

function rejected(node: Node): boolean {
  for (let el = node.parentElement; el; el = el.parentElement) {
    if (SKIP.has(el.tagName) || el.isContentEditable || el.hasAttribute(MARK)) return true;
  }
  return false;
}

/** The job numbers mentioned in `root`'s text, each with the text node and where the mention ends. */
export function findJobMentions(root: Node, doc: Document, limits: TextScanLimits = LIMITS) {
  const found: Array<{ node: Text; end: number; number: string }> = [];
  const walker = doc.createTreeWalker(root, SHOW_TEXT);
  let visited = 0;
  for (
    let node = walker.nextNode();
    node && visited < limits.maxNodes && found.length < limits.maxMatches;
    node = walker.nextNode()
  ) {
    visited++;
    const text = node.nodeValue ?? '';
    if (text.length < 5 || !/\d/.test(text)) continue;
    JOB_TEXT_RE.lastIndex = 0;
    const matches = [...text.matchAll(JOB_TEXT_RE)];
    if (matches.length === 0 || rejected(node)) continue;
    for (const m of matches) {
      const end = (m.index ?? 0) + m[0].length;
      // Already decorated: an earlier scan split the text right after the mention and put a host there.
      if (end === text.length && node.nextSibling?.nodeName === HOST_TAG.toUpperCase()) continue;
      found.push({ node: node as Text, end, number: m[1]! });
    }
  }
  return found;
}

/** A shadow host after each mention (later mentions in a node first, so offsets stay right). */
export function attachTextHosts(root: Node, doc: Document, limits?: TextScanLimits): BadgeTarget[] {
  const mentions = findJobMentions(root, doc, limits);
  const targets: BadgeTarget[] = [];
  for (const { node, end, number } of mentions.reverse()) {
    // Split by hand (what Text.splitText does), then the host goes between the two halves.
    const text = node.nodeValue ?? '';
    const parent = node.parentNode;
    if (!parent) continue;
    const rest = doc.createTextNode(text.slice(end));
    node.nodeValue = text.slice(0, end);
    parent.insertBefore(rest, node.nextSibling);
    const { host, root } = createHost(doc, '0.3em');
    host.setAttribute(MARK, 'seen');
    rest.before(host);
    targets.push({ host, root, uuid: null, number });
  }
  return targets.reverse();
}
