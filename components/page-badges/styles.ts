import tokens from '../design/tokens.css?inline';
import buttons from '../design/buttons.css?inline';
import disclosure from '../design/disclosure.css?inline';
import chips from '../design/chips.css?inline';
import notices from '../design/notices.css?inline';
import frame from './page-badges.css?inline';
import card from './card.css?inline';
import { HOST_STYLE } from '@/lib/page-badges/scan';

// The content UI's stylesheet, put into each shadow root: the parts of the design system the badge,
// the quick-note panel's frame and its problem card use, then their own frame. (The panel itself is
// styled on its own page, entrypoints/quick-note.) Inside the shadow root the page's CSS can't
// reach in and ours can't leak out; the tokens hang on the UI's own container (.fieldside-root).

/** The host's fixed box, over anything the page writes on it: an inner `!important` outranks the
 * page's, even in a style attribute (the shadow tree's context wins for important rules). */
const HOST_BOX = `:host { ${HOST_STYLE.split(';')
  .map((rule) => `${rule.trim()} !important`)
  .join('; ')}; }`;

export const CONTENT_CSS = tokens + buttons + disclosure + chips + notices + frame + HOST_BOX;

/** The class of the element each shadow root renders into, where the tokens are declared. */
export const CONTENT_ROOT_CLASS = 'fieldside-root';

/** The card above an open e-mail: a block of its own size (no badge box). */
export const CARD_CSS = tokens + buttons + card;
