// How a message is declared: its request and reply schemas and the contexts that may send it (protocol.ts lists
// them), and the request pieces several messages share.
import { z } from 'zod';

export type SenderContext = 'page' | 'content' | 'pairing' | 'quickNote';

export interface MessageDef<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  reply: Res;
  from: readonly SenderContext[];
}

export function message<Req extends z.ZodType, Res extends z.ZodType>(def: MessageDef<Req, Res>): MessageDef<Req, Res> {
  return def;
}

export const Empty = z.object({}).strict();
export const NoteText = z.string().trim().min(1, 'The note is empty').max(10_000);
