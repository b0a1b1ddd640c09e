// Types of power-cut-core.mjs, for the TypeScript test that runs one cut per setting.

export interface PowerCutResult {
  synchronous: string;
  uploadsAcked: number;
  jobsAcked: number;
  /** Acknowledged uploads whose row, blobs or bytes the recovered copy lacks. */
  lostUploads: string[];
  lostJobs: string[];
}

export function canSimulatePowerCut(): boolean;

export function runPowerCut(options?: {
  synchronous?: 'FULL' | 'NORMAL';
  durationMs?: number;
  concurrency?: number;
}): Promise<PowerCutResult>;
