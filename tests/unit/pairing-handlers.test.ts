import { describe, expect, it } from 'vitest';
import { createPairingHandlers } from '../../entrypoints/background/handlers/pairing';
import type { Pairing } from '../../lib/account/pairing';
import type { SenderInfo } from '../../lib/messaging/sender';

// Which of Fieldside's pages may answer "Work as <name> in this browser?": only the confirmation page, the one that
// shows the question. The router lets only Fieldside's own pages send the answer at all (lib/messaging/router.test.ts).

const ORIGIN = 'chrome-extension://oiabnejaggoobcbkjnlidfgfieafjagp/';
const ID = '11111111-2222-4333-8444-555555555555';

function handlers() {
  const answers: boolean[] = [];
  const pairing = {
    answer: async (_id: string, yes: boolean) => (answers.push(yes), { outcome: 'confirmed', staffName: 'Ethan' }),
  } as unknown as Pairing;
  return { h: createPairingHandlers(pairing, ORIGIN), answers };
}

describe('the answer to a pairing question', () => {
  it('is taken from the confirmation page', async () => {
    const { h, answers } = handlers();
    const sender: SenderInfo = { url: `${ORIGIN}pairing-confirm.html` };
    expect(await h['pairing.answer']({ id: ID, yes: true }, sender)).toMatchObject({ outcome: 'confirmed' });
    expect(answers).toEqual([true]);
  });

  it('is refused from any other page of Fieldside’s, or another extension’s page of that name', async () => {
    const { h, answers } = handlers();
    for (const url of [
      `${ORIGIN}options.html`,
      `${ORIGIN}popup.html`,
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop/pairing-confirm.html',
      undefined,
    ]) {
      await expect(h['pairing.answer']({ id: ID, yes: true }, { url })).rejects.toMatchObject({
        name: 'ForbiddenSenderError',
      });
    }
    expect(answers).toEqual([]);
  });
});
