import { browser } from 'wxt/browser';
import { RemoteError } from './errors';
import { envelope } from './envelope';
import type { MessageType, ReplyOf, RequestOf, WireReply } from './protocol';

/**
 * Sends one typed message to the background and resolves with its reply, or rejects with a
 * RemoteError carrying the background's error name (for example "ForbiddenSenderError").
 * The reply was validated by the background router against the protocol before it was sent.
 */
export async function sendMessage<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ReplyOf<T>> {
  const reply = (await browser.runtime.sendMessage(envelope(type, payload))) as WireReply<ReplyOf<T>> | undefined;
  if (!reply) throw new RemoteError({ name: 'NoReplyError', message: `No reply to "${type}"` });
  if (!reply.ok) throw new RemoteError(reply.error);
  return reply.value;
}
