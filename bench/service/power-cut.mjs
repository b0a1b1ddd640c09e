// Simulated power cuts under the embedded store (power-cut-core.mjs: ext4 in a loop device, the
// device copied right after SIGKILL, so what was never synced is lost): `rounds` cuts with
// STYLER_SQLITE_SYNCHRONOUS=NORMAL and with FULL (the default), alternating; prints the
// acknowledged uploads and jobs of each cut and how many the recovered copy lacks. Needs root.
// Run: npm run build && sudo node bench/service/power-cut.mjs [rounds=3] [seconds=4]
import '../support/node-version.mjs';
import { canSimulatePowerCut, runPowerCut } from './power-cut-core.mjs';

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 4);
if (!canSimulatePowerCut()) throw new Error('needs root, losetup, mount and mkfs.ext4');
for (let round = 0; round < rounds; round += 1) {
  for (const synchronous of round % 2 === 0 ? ['NORMAL', 'FULL'] : ['FULL', 'NORMAL']) {
    const cut = await runPowerCut({ synchronous, durationMs: seconds * 1000 });
    console.log(
      JSON.stringify({
        ...cut,
        lostUploads: cut.lostUploads.length,
        lostJobs: cut.lostJobs.length,
      }),
    );
  }
}
