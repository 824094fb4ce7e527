/** Escapes text for HTML element content and attribute values: every platform value is untrusted. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Tagged template: interpolations are escaped unless wrapped in `raw()`. */
export interface Raw {
  readonly __html: string;
}
export const raw = (html: string): Raw => ({ __html: html });

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts)
      out += typeof part === 'object' && part !== null && '__html' in part ? (part as Raw).__html : escapeHtml(part);
    out += strings[i + 1] ?? '';
  });
  return raw(out);
}
