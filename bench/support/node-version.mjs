// Imported first by the bench scripts that do not name the Node.js in their own report: prints the
// version that runs the benchmark, for docs/BENCHMARKS.md (on stderr, since some scripts write a
// report or JSON on stdout).
process.stderr.write(`Node.js ${process.version} (${process.platform}-${process.arch})\n`);
