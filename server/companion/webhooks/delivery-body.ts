// What a POST to a callback URL carries: the platform's verification, or a notification as JSON (the body itself,
// or inside a form field), or nothing the companion can read.

export type DeliveryBody =
  { kind: 'challenge'; challenge: string } | { kind: 'json'; json: unknown } | { kind: 'unreadable'; why: string };

function isForm(contentType: string, body: string): boolean {
  if (body.trimStart().startsWith('{')) return false;
  return contentType.includes('application/x-www-form-urlencoded') || !contentType.includes('json');
}

/**
 * A notification sent as a form: the platform's callback "must accept form-encoded data", and
 * integrations report the JSON inside a form field (PLATFORM-NOTES). The field's name is not known,
 * so the notification is the first field whose value is a JSON object.
 */
function jsonInForm(form: URLSearchParams): unknown {
  for (const value of form.values()) {
    if (!value.trimStart().startsWith('{')) continue;
    try {
      return JSON.parse(value);
    } catch {
      // not this field
    }
  }
  return undefined;
}

export function readDeliveryBody(contentType: string, body: string): DeliveryBody {
  if (isForm(contentType, body)) {
    const form = new URLSearchParams(body);
    const challenge = form.get('challenge');
    if (form.get('mode') === 'subscribe' && challenge) return { kind: 'challenge', challenge };
    const json = jsonInForm(form);
    return json === undefined
      ? {
          kind: 'unreadable',
          why: 'A form-encoded request must be a verification (mode=subscribe and a challenge) or carry the notification as JSON in a field',
        }
      : { kind: 'json', json };
  }
  try {
    return { kind: 'json', json: JSON.parse(body) };
  } catch {
    return { kind: 'unreadable', why: 'The notification body is not valid JSON' };
  }
}
