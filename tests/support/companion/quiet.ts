import type { DevStack } from '../../../server/development/dev-stack';

interface Settles {
  settled(): Promise<void>;
}

/**
 * Every change the platform made so far is delivered, and every companion (the stack's and any `more`) has read it
 * and has nothing running in the background. The companion collects changes for a moment, holds reads for its share
 * of the minute and looks at subscriptions unawaited: a test that counts the platform's requests, or drops one, waits
 * here first, or a read that is none of its business lands in its window.
 */
export async function untilQuiet(stack: DevStack, ...more: Settles[]): Promise<void> {
  await stack.emulator.webhooks.whenIdle();
  await Promise.all([stack.companion, ...more].map((c) => c.settled()));
}

/** The platform's requests so far, counted once the companions are quiet. */
export async function platformRequestsWhenQuiet(stack: DevStack, ...more: Settles[]): Promise<number> {
  await untilQuiet(stack, ...more);
  return (await stack.emulator.control.stats()).requests;
}
