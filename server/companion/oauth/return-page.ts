// The page a person sees when /oauth/return cannot hand the sign-in on (bad or expired state). It is a dead end
// on purpose: without a valid state there is no trusted place to redirect to.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderReturnErrorPage(title: string, detail: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Fieldside</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
<p>Close this window and start the sign-in again from Fieldside's options page.</p>
</body>
</html>`;
}
