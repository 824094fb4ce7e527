// The emulator and the companion as a companion integration test file starts them, once for all its tests.
import { vi } from 'vitest';
import { startDevStack, type DevStack, type DevStackOptions } from '../../../server/development/dev-stack';

/** The dev stack with the companion's request lines (one per request, on console.log) kept off the test's output;
 * logs.test.ts is the file that reads them. Closing it puts console.log back. */
export async function startQuietStack(options: DevStackOptions): Promise<DevStack> {
  const requestLines = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    const stack = await startDevStack(options);
    return {
      ...stack,
      close: async () => {
        await stack.close();
        requestLines.mockRestore();
      },
    };
  } catch (error) {
    requestLines.mockRestore();
    throw error;
  }
}
