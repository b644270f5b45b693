import 'reflect-metadata';
import './native-memory';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigurationError, loadConfiguration } from './config/configuration';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfiguration();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen(config.server.port, config.server.host);
  new Logger('Main').log(
    `Friends of the Channel listening on http://${config.server.host}:${config.server.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
