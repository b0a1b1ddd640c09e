/**
 * The web console at / (same origin as /v1, so no CORS): index.html and its content-hashed assets,
 * built by console/build.mjs into dist/console and read once at start. Strict security headers: a
 * Content-Security-Policy allowing only this origin's scripts, styles and API, no framing, no
 * sniffing. The console is a client of /v1 like any other; these routes are public and hold no data.
 */
import { readFile, readdir } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FastifyReply } from 'fastify';
import { errorBody, errorHeaders } from '../error-handler.js';
import type { TypedApp } from '../fastify-types.js';

/**
 * Where the build puts the console: beside the compiled service (dist/http/routes → dist/console),
 * or, when the service runs from its TypeScript sources (the tests), in the package's dist/.
 */
const CONSOLE_DIRS = [new URL('../../console/', import.meta.url), new URL('../../../dist/console/', import.meta.url)];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

interface ConsoleFiles {
  index: Buffer;
  assets: Map<string, { body: Buffer; type: string }>;
}

/** The built console, or undefined when it was not built (the API works without it). */
export async function loadConsole(dirs: readonly URL[] = CONSOLE_DIRS): Promise<ConsoleFiles | undefined> {
  for (const dir of dirs) {
    try {
      const index = await readFile(new URL('index.html', dir));
      const assets = new Map<string, { body: Buffer; type: string }>();
      for (const name of await readdir(new URL('assets/', dir))) {
        const type = CONTENT_TYPES[extname(name)];
        if (type !== undefined) assets.set(name, { body: await readFile(new URL(`assets/${name}`, dir)), type });
      }
      return { index, assets };
    } catch {
      // Not built here: try the next place.
    }
  }
  return undefined;
}

function secure(reply: FastifyReply): FastifyReply {
  return reply.headers(SECURITY_HEADERS);
}

const hidden = { hide: true } as const;

export function consoleRoutes(app: TypedApp, files: ConsoleFiles | undefined): void {
  app.get('/', { schema: hidden, config: { public: true } }, async (_request, reply) => {
    if (files === undefined) {
      return secure(reply)
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The web console was not built (npm run build builds it). The API is at /v1.\n');
    }
    // Always revalidated: it names the current assets.
    return secure(reply).type(CONTENT_TYPES['.html']!).header('cache-control', 'no-cache').send(files.index);
  });
  app.get<{ Params: { name: string } }>(
    '/assets/:name',
    { schema: hidden, config: { public: true } },
    async (request, reply) => {
      const asset = files?.assets.get(request.params.name);
      if (asset === undefined) {
        return secure(reply)
          .headers(errorHeaders(404, 'route_not_found'))
          .code(404)
          .send(errorBody('route_not_found', `Unknown endpoint: GET /assets/${request.params.name}`));
      }
      // Names carry a content hash: a new build gets new names, so these never change.
      return secure(reply)
        .type(asset.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(asset.body);
    },
  );
}
