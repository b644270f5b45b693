import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  const url = `http://${config.server.host}:${port}`;
  new Logger('Main').log(`Friends of the Channel listening on ${url}`);
  // PORT=0 lets the OS pick a free port; a parent that spawned this process with an IPC channel
  // (the API tests' process harness) learns it here, with no window in which another may take it.
  process.send?.({ listening: url });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
