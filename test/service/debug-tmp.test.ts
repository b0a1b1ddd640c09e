import { it, expect } from 'vitest';
import { startOpenAITestServer } from '../support/openai-test-server.js';
import { jsonBody, startTestService, uploadForm, waitForJob, modelJsonOf, seedModel } from './support/harness.js';
import { darwin } from './support/fixtures.js';

it('debug', async () => {
  const slow = await startOpenAITestServer({ reply: 'word '.repeat(40), delayMs: 20 });
  const service = await startTestService({ providerEnv: { STYLER_LLM_BASE_URL: slow.url } });
  const r = await service.request('/files', { method: 'POST', body: uploadForm('a.txt', darwin(1)) });
  const id = ((await r.json()) as { id: string }).id;
  const job = (await (await service.request('/fine_tuning/jobs', jsonBody({ training_files: [id] }))).json()) as { id: string };
  const model = String((await waitForJob(service, job.id)).fine_tuned_model);
  const t = Date.now();
  console.log('DBG ports service', service.baseUrl, 'llm', slow.url);
  const controller = new AbortController();
  const response = await fetch(`${service.baseUrl}/style/transform`, {
    method: 'POST', signal: controller.signal,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${service.keys.acme}` },
    body: JSON.stringify({ mode: 'full', model, stream: true, messages: [{ role: 'user', content: 'x' }], full_mode_options: { base_model: 'm' } }),
  });
  console.log('status', response.status, Date.now() - t);
  const reader = response.body!.getReader();
  const first = await reader.read();
  console.log('first', new TextDecoder().decode(first.value).slice(0, 100), Date.now() - t);
  if (process.env.DBG_ABORT) { controller.abort();
  await reader.cancel().catch((e) => console.log('cancel err', e.message)); } else { for (;;) { const x = await reader.read(); if (x.done) break; } }
  console.log('aborted', Date.now() - t);
  for (let i = 0; i < 50; i++) { await new Promise((r) => setTimeout(r, 100)); if (slow.requests[0]?.clientAborted) break; }
  console.log('req', slow.requests[0]?.clientAborted, slow.requests[0]?.chunksSent, Date.now() - t);
  await new Promise((r) => setTimeout(r, 300));
  await new Promise<void>((r) => service.app.server.getConnections((e, n) => { console.log('DBG conns', n); r(); }));
  const c = Date.now();
  setTimeout(() => { service.app.server.getConnections((e, n) => console.log('DBG conns later', n));
    for (const h of (process as any)._getActiveHandles()) if (h.constructor?.name === 'Socket') console.log('DBG socket', h.localPort, h.remotePort, h.destroyed, h.server ? 'server-side' : 'client', h._httpMessage ? 'hasMsg' : '', h.readyState); }, 2000);
  await service.app.close();
  console.log('app closed', Date.now() - c);
  await service.pool.close();
  console.log('pool closed', Date.now() - c);
  console.log('closed', Date.now() - c);
  await slow.close();
}, 40000);
