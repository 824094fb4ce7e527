import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { createRng } from '../data/prng';
import { apiError, RATE_LIMIT_MESSAGE } from './errors';

/**
 * A fault to inject, for the next `count` matching requests or at `rate` (0..1) until cleared: the control surface's
 * body (control/routes.ts) and the type tests pass (contracts.ts), declared once.
 */
export const FaultSpecSchema = z.object({
  /** `drop`: the connection closes before the request is carried out; `lose_answer`: the request is carried out,
   * then the connection closes before its answer (what a client cannot tell apart); `hold`: the request waits,
   * unanswered, until the faults are cleared, then is carried out (a platform slow to answer for exactly as long as a
   * test needs: what happens meanwhile, a token expiring, happens while it is on its way). */
  kind: z.enum(['status', 'drop', 'lose_answer', 'delay', 'rate_limit', 'hold']),
  /** For kind "status": the HTTP status to answer (default 503). */
  status: z.number().int().min(400).max(599).optional(),
  /** For kind "delay": milliseconds of real time to wait before answering. */
  delayMs: z.number().int().min(0).max(120_000).optional(),
  count: z.number().int().min(1).optional(),
  rate: z.number().min(0).max(1).optional(),
  /** Only requests whose path starts with this (default: every REST and OAuth request). */
  pathPrefix: z.string().startsWith('/').optional(),
  /** Only requests of this method (default: any): a create refused while the sync's reads of the same path go on. */
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  /** The first `after` matching requests go through untouched, and the fault applies from the next one (a walk's
   * first pages answered, the rest held: where a test needs the client in the middle of it, on any machine). */
  after: z.number().int().min(0).optional(),
});

export type FaultSpec = z.infer<typeof FaultSpecSchema>;

interface ActiveFault {
  spec: FaultSpec;
  remaining: number | undefined;
  /** Matching requests still to let through before this fault applies. */
  passing: number;
}

/**
 * Injected failures for the next N matching requests or at a rate (seeded, so a run is repeatable). Applied to
 * REST, webhook-subscription and OAuth token requests; never to the /_emulator control surface.
 */
export function createFaults(seed: number) {
  const rng = createRng(seed ^ 0xfa017);
  let faults: ActiveFault[] = [];
  let injected = 0;
  const held = new Set<() => void>();
  return {
    add(spec: FaultSpec) {
      faults.push({
        spec,
        remaining: spec.count ?? (spec.rate === undefined ? 1 : undefined),
        passing: spec.after ?? 0,
      });
    },
    /** Clears every fault, and lets every held request go on. */
    clear() {
      faults = [];
      for (const release of held) release();
      held.clear();
    },
    /** Resolves when the faults are next cleared. */
    held: () => new Promise<void>((resolve) => held.add(resolve)),
    injected: () => injected,
    /** The fault to apply to a `method` request to `path`, if any (consumes one of a counted fault). */
    take(path: string, method = 'GET'): FaultSpec | undefined {
      for (const fault of faults) {
        if (fault.spec.pathPrefix && !path.startsWith(fault.spec.pathPrefix)) continue;
        if (fault.spec.method && fault.spec.method !== method.toUpperCase()) continue;
        if (fault.passing > 0) {
          // Not this fault's yet: a later fault in the list may still apply to it.
          fault.passing--;
          continue;
        }
        if (fault.remaining !== undefined) {
          fault.remaining--;
          if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
        } else if (rng.next() >= (fault.spec.rate ?? 0)) {
          continue;
        }
        injected++;
        return fault.spec;
      }
      return undefined;
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;

interface NodeBindings {
  incoming?: { socket?: { destroy(): void } };
}

export function faultMiddleware(faults: Faults): MiddlewareHandler {
  return async (c: Context, next) => {
    const fault = faults.take(c.req.path, c.req.method);
    if (!fault) return next();
    switch (fault.kind) {
      case 'status': {
        const status = fault.status ?? 503;
        return apiError(
          c,
          status as 500,
          status === 503 ? 'Service temporarily unavailable' : 'An error occurred completing your request',
        );
      }
      case 'rate_limit':
        return apiError(c, 429, RATE_LIMIT_MESSAGE);
      case 'drop': {
        // Destroy the connection without an answer, as a network failure looks to the client.
        (c.env as NodeBindings | undefined)?.incoming?.socket?.destroy();
        return new Response(null, { status: 500 });
      }
      case 'lose_answer': {
        // The platform does the work, and the answer is lost on the way back: the case that makes a
        // blind retry of a create dangerous.
        await next();
        (c.env as NodeBindings | undefined)?.incoming?.socket?.destroy();
        c.res = new Response(null, { status: 500 });
        return;
      }
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000));
        return next();
      case 'hold':
        // Before the token is checked (the guards' order, start.ts): a request held past a token's expiry is
        // refused as the platform refuses one that arrives late.
        await faults.held();
        return next();
    }
  };
}
