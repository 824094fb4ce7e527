import type { Context } from 'hono';
import type { CompanionConfig } from './config';

// The caller's network address, for the per-address limits (limits/rate-limit.ts): the header a deployment's proxy
// names (CLIENT_ADDRESS_HEADER; of a list, the first entry, the client's own), else the connection's remote address
// on Node (@hono/node-server puts the socket in the context's env), else the client address an edge runtime sets.
// Undefined when none says: the per-address limit then does not apply.

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

export function createClientAddress(config: Pick<CompanionConfig, 'clientAddressHeader'>) {
  return (c: Context): string | undefined => {
    if (config.clientAddressHeader) {
      const named = c.req.header(config.clientAddressHeader)?.split(',')[0]?.trim();
      return named || undefined;
    }
    const socket = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    return socket ?? c.req.header('cf-connecting-ip') ?? undefined;
  };
}
