/** The local OpenAI-compatible servers the engine's tests script, each closed after its test. */
import { afterEach } from 'vitest';
import { createOpenAICompatibleProvider } from '../src/providers/index.js';
import {
  startOpenAITestServer,
  type OpenAITestServer,
  type OpenAITestServerOptions,
} from '../../../test-support/openai-test-server.js';

/** Registers the closing hook in the calling test file; returns `serve`, which starts a server closed after the test. */
export function useTestServers(): (options?: OpenAITestServerOptions) => Promise<OpenAITestServer> {
  const servers: OpenAITestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startOpenAITestServer(options);
    servers.push(server);
    return server;
  };
}

/** A provider talking to `server`. */
export function providerFor(server: OpenAITestServer) {
  return createOpenAICompatibleProvider({ name: 'openai-compatible', baseUrl: server.url, timeoutMs: 10_000 });
}
