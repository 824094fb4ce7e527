import { ForbiddenSenderError, InvalidMessageError, toWireError } from './errors';
import type { z } from 'zod';
import {
  EnvelopeSchema,
  isMessageType,
  protocol,
  type MessageType,
  type Protocol,
  type ReplyOf,
  type WireReply,
} from './protocol';
import { classifySender, contentPageOf, type PageKind, type SenderInfo } from './sender';

/** `sender` is who sent it; for a content script, with the page it runs in (`sender.page`), by
 * which the content handlers answer each page only about what it showed. Most handlers ignore it. */
export type Handler<T extends MessageType> = (
  payload: z.output<Protocol[T]['request']>,
  sender: SenderInfo,
) => Promise<ReplyOf<T>>;

/** One handler per message: the type makes a missing handler a compile error. */
export type Handlers = { [T in MessageType]: Handler<T> };

export interface RouterOptions {
  /** runtime.id */
  ownId: string;
  /** runtime.getURL('/') */
  ownOrigin: string;
  /** Called for every refused message (never with its payload, which may hold a key). */
  onRefused?: (type: string, reason: string) => void;
  /** Which content script may run on a content script's page (its sender URL): the platform's (the
   * web app) or the sites script (an added site); null for a page Fieldside does not work on, whose
   * messages are refused. Without it, every content script counts as the platform's (tests). */
  contentPage?: (pageUrl: string | undefined) => Promise<PageKind | null>;
  /** Whether a content script's page is the companion's pairing page: its script is then the "pairing"
   * context, which may send the pairing message and nothing else. */
  pairingPage?: (pageUrl: string | undefined) => Promise<boolean>;
}

/**
 * The background's single entry point for messages: validates the envelope, checks that the sender
 * may send this message, validates the request, runs the handler and validates its reply.
 * Everything answers a WireReply, so errors reach the sender with their name.
 */
export function createRouter(handlers: Handlers, options: RouterOptions) {
  async function dispatch(raw: unknown, sender: SenderInfo): Promise<WireReply<unknown>> {
    const envelope = EnvelopeSchema.safeParse(raw);
    if (!envelope.success || !isMessageType(envelope.data.type)) {
      throw new InvalidMessageError('Unknown or malformed message');
    }
    const type = envelope.data.type;
    const def = protocol[type];
    const classified = classifySender(sender, options.ownId, options.ownOrigin);
    const context = classified === 'content' && (await options.pairingPage?.(sender.url)) ? 'pairing' : classified;
    if (!context || !(def.from as readonly string[]).includes(context)) {
      options.onRefused?.(type, context ? `from ${context}` : 'unknown sender');
      throw new ForbiddenSenderError(type);
    }
    let from: SenderInfo = { ...sender, page: undefined };
    if (context === 'content') {
      const kind = options.contentPage ? await options.contentPage(sender.url) : 'platform';
      const page = kind === null ? undefined : contentPageOf(sender, kind);
      if (!page) {
        options.onRefused?.(type, 'from a page Fieldside does not work on');
        throw new ForbiddenSenderError(type);
      }
      from = { ...sender, page };
    }
    const request = def.request.safeParse(envelope.data.payload);
    if (!request.success) {
      // Issue messages only: never echo values (a request may carry an API key).
      const problems = request.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
      throw new InvalidMessageError(`Invalid request for "${type}": ${problems}`);
    }
    const handler = handlers[type] as (payload: unknown, sender: SenderInfo) => Promise<unknown>;
    const value = await handler(request.data, from);
    return { ok: true, value: def.reply.parse(value) };
  }

  return {
    /** Handles one message; never throws. */
    async handle(raw: unknown, sender: SenderInfo): Promise<WireReply<unknown>> {
      try {
        return await dispatch(raw, sender);
      } catch (error) {
        return { ok: false, error: toWireError(error) };
      }
    },
  };
}
export type Router = ReturnType<typeof createRouter>;
