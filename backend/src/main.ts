import { Logger } from '@nestjs/common';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config/config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const logger = new Logger('Treble');
  logger.log(`Treble is serving on http://localhost:${config.port}`);
  // Nest's shutdown hooks close the app on SIGTERM/SIGINT, then end the process with that signal.
  // If closing hangs (a connection or a projection that does not let go), the process still ends
  // within the grace period, with the same signal, and says so.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        logger.warn(`Shutdown did not finish within ${shutdownGraceMs / 1000} s; ending the process`);
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }, shutdownGraceMs).unref();
    });
  }
}

/** How long a graceful shutdown may take before the process ends anyway. */
const shutdownGraceMs = 10_000;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
