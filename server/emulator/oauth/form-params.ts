/** Parameters of a form-encoded body or query string, refusing repeats: RFC 6749 §3.1 and §3.2 say a
 * parameter must not be sent more than once, and guessing which copy was meant hides client bugs. */
export type ParamsResult = { ok: true; get: (name: string) => string | undefined } | { ok: false; repeated: string };

export function readParams(params: URLSearchParams): ParamsResult {
  const seen = new Map<string, string>();
  for (const [name, value] of params) {
    if (seen.has(name)) return { ok: false, repeated: name };
    seen.set(name, value);
  }
  // An empty value counts as absent (RFC 6749 §3.1).
  return { ok: true, get: (name) => (seen.get(name) ? seen.get(name) : undefined) };
}
