import tokens from '../design/tokens.css?inline';
import controls from '../design/controls.css?inline';
import surfaces from '../design/surfaces.css?inline';
import frame from './content.css?inline';

// The content UI's stylesheet, put into each shadow root: the design system's tokens, controls and
// surfaces, then the badge's and the panel's own frame. Inside the shadow root the page's CSS can't
// reach in and ours can't leak out; the tokens hang on the UI's own container (.fieldside-root).

export const CONTENT_CSS = tokens + controls + surfaces + frame;

/** The class of the element each shadow root renders into, where the tokens are declared. */
export const CONTENT_ROOT_CLASS = 'fieldside-root';
