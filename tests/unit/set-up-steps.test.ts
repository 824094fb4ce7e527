import { describe, expect, it } from 'vitest';
import { setUpProgress, setUpStep } from '../support/set-up-steps';

describe("a test file's set-up steps", () => {
  it('say which step a set-up is waiting on, and how long the finished ones took', async () => {
    expect(setUpProgress()).toBe('no step had started');
    const started = Date.now();
    await setUpStep('starting the platform and the companion', async () => 'stack');
    void setUpStep('signing in through the consent page', () => new Promise<never>(() => {}));
    expect(setUpProgress(started + 180_000)).toMatch(
      /^waiting on "signing in through the consent page" \(for 1\d\d\.\d s\); done: starting the platform and the companion \d+\.\d s$/,
    );
  });
});
