// CPU time of single-threaded, synchronous work: steadier than wall time on a shared machine.

/** Milliseconds of CPU this process has used (user and system, V8's background threads included). */
export function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Median CPU milliseconds of `runs` calls of `fn`, after `warmUp` calls. */
export function medianCpuMs(fn, runs, warmUp = 1) {
  for (let i = 0; i < warmUp; i += 1) fn();
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const start = cpuMs();
    fn();
    times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)];
}
