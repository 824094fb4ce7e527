// The wire shape of one message, as every sender builds it. Zod-free on purpose: senders (pages,
// content scripts) import this and the protocol's types only; the background's router validates what
// arrives against EnvelopeSchema (protocol.ts), where a message is received.

export interface Envelope {
  fieldside: 1;
  type: string;
  payload: unknown;
}

/** The envelope of one message. */
export const envelope = (type: string, payload: unknown): Envelope => ({ fieldside: 1, type, payload });
