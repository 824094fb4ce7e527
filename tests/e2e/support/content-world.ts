import type { BrowserContext, CDPSession, Page } from 'playwright-core';

// Runs code in a content script's own world (the isolated world Chromium creates for Fieldside's
// content script in a web page), through CDP: the same `chrome.runtime` and `chrome.storage` a
// content script has, so a test can ask the background exactly what a content script could.

export async function contentWorld(context: BrowserContext, page: Page, url: string) {
  const cdp = await context.newCDPSession(page);
  const worlds = isolatedWorlds(cdp);
  await cdp.send('Runtime.enable');
  await page.goto(url);
  // Our content script marks the job element once it has run (document_idle).
  await page.locator('[data-fieldside]').first().waitFor({ timeout: 10_000 });
  const world = worlds.findLast((w) => w.name === 'Fieldside');
  if (!world)
    throw new Error(`No Fieldside content-script world in ${url} (saw: ${worlds.map((w) => w.name).join(', ')})`);
  return { evaluate: evaluatorIn(cdp, world.id) };
}

/** The isolated worlds (content scripts') created in the session's page from now on, as they are created. */
export function isolatedWorlds(cdp: CDPSession): { id: number; name: string }[] {
  const worlds: { id: number; name: string }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: ctx }) => {
    if (ctx.auxData?.type === 'isolated') worlds.push({ id: ctx.id, name: ctx.name });
  });
  return worlds;
}

/** Evaluates an expression in one world of the session's page, awaiting a promise, the value returned as JSON. */
export function evaluatorIn(cdp: CDPSession, contextId: number) {
  return async <T>(expression: string): Promise<T> => {
    const result = await cdp.send('Runtime.evaluate', {
      expression,
      contextId,
      awaitPromise: true,
      returnByValue: true,
    });
    if (result.exceptionDetails) throw new Error(`Content-world evaluation failed: ${result.exceptionDetails.text}`);
    return result.result.value as T;
  };
}
