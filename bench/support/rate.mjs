// Calls per second of an async call kept `inFlight` deep for `measureMs` (the pool benchmarks' measure).
export async function callsPerSecond(run, inFlight, measureMs) {
  let calls = 0;
  const start = performance.now();
  const until = start + measureMs;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        await run();
        calls += 1;
      }
    }),
  );
  return calls / ((performance.now() - start) / 1000);
}
