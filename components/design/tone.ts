/** The colours a chip or a notice can take (surfaces.css, data-tone), each defined in tokens.css. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';
