// `npm run platform -- [options]` (cli.ts has the usage).
// Prints exactly one line of JSON (EmulatorInfo) on stdout, so tools and tests can drive the emulator; everything
// else goes to stderr. Stops cleanly on SIGINT / SIGTERM.
import { parseArgs } from './cli';
import { startEmulator } from './start';

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const emulator = await startEmulator(options).catch((error: unknown) => {
  console.error(`Emulator failed to start: ${(error as Error).message}`);
  process.exit(1);
});
process.stdout.write(`${JSON.stringify(emulator.info)}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
