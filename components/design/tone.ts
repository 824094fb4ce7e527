/** The colours a chip or a notice can take (chips.css, data-tone), each defined in tokens.css. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';
