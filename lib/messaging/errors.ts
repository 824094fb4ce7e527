import type { WireError } from './protocol';

// Typed errors of the messaging layer. Guards work by `name`, because an error loses its prototype
// when it crosses a message boundary.

export class ForbiddenSenderError extends Error {
  override readonly name = 'ForbiddenSenderError';
  constructor(type: string) {
    super(`Message "${type}" is not allowed from this context`);
  }
}

export class InvalidMessageError extends Error {
  override readonly name = 'InvalidMessageError';
}

/** An error raised in the background, rebuilt on the sending side with the same name and message
 * (and a rate limit's window, so lib/api's isDailyRateLimit works on this side too). */
export class RemoteError extends Error {
  readonly limitWindow: WireError['limitWindow'];
  constructor(wire: WireError) {
    super(wire.message);
    this.name = wire.name;
    this.limitWindow = wire.limitWindow;
  }
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const window = (error as { limitWindow?: unknown }).limitWindow;
  return {
    name: error.name,
    message: error.message,
    ...(window === 'minute' || window === 'day' ? { limitWindow: window } : {}),
  };
}

export function isErrorNamed(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}
