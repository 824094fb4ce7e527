// What lets a companion stop without dropping work (start.ts): once it is shutting down, every new request is
// refused in words with `Connection: close`, so a client or load balancer retries on another instance, while the
// requests already under way (a token exchange waiting on the platform) are counted and may finish.

export interface RequestGate {
  /** Runs `handle` for the request, or refuses it once the gate is closed. */
  pass(request: Request, handle: (request: Request) => Response | Promise<Response>): Promise<Response>;
  /** From now on, refuse every new request. */
  close(): void;
  /** Resolves once no request is under way, or after `graceMs`; answers whether every one finished. */
  settled(graceMs: number): Promise<boolean>;
}

/** The answer to a request that arrives while the companion is stopping. */
export function shuttingDown(): Response {
  return Response.json(
    { error: 'shutting_down', message: 'This companion is restarting. Try again in a moment.' },
    { status: 503, headers: { connection: 'close', 'retry-after': '1', 'cache-control': 'no-store' } },
  );
}

export function createRequestGate(): RequestGate {
  let closed = false;
  let underWay = 0;
  const waiting = new Set<() => void>();

  return {
    async pass(request, handle) {
      if (closed) return shuttingDown();
      underWay++;
      try {
        return await handle(request);
      } finally {
        underWay--;
        if (underWay === 0) for (const wake of waiting) wake();
      }
    },
    close() {
      closed = true;
    },
    settled(graceMs) {
      if (underWay === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (finished: boolean) => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(finished);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), graceMs);
        waiting.add(wake);
      });
    },
  };
}
