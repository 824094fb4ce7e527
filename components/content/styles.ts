import tokens from '../design/tokens.css?inline';
import buttons from '../design/buttons.css?inline';
import fields from '../design/fields.css?inline';
import disclosure from '../design/disclosure.css?inline';
import chips from '../design/chips.css?inline';
import notices from '../design/notices.css?inline';
import states from '../design/states.css?inline';
import frame from './content.css?inline';

// The content UI's stylesheet, put into each shadow root: the parts of the design system the badge
// and the quick-note panel use, then their own frame. Inside the shadow root the page's CSS can't
// reach in and ours can't leak out; the tokens hang on the UI's own container (.fieldside-root).

export const CONTENT_CSS = tokens + buttons + fields + disclosure + chips + notices + states + frame;

/** The class of the element each shadow root renders into, where the tokens are declared. */
export const CONTENT_ROOT_CLASS = 'fieldside-root';
