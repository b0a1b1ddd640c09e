// Types of outage-transforms-core.mjs, for the TypeScript test that runs a short outage.

/** Phase (before, outage, after) → HTTP status (0: no answer) → answers. */
export type PhaseCounts = Record<string, Record<string, number>>;

export interface OutageTransformsSummary {
  /** From the stop command to the server started again. */
  outageMs: number;
  connections: number;
  transforms: PhaseCounts;
  uploads: PhaseCounts;
  /** Phase → the slowest answer in it (ms). */
  slowestTransformMs: Record<string, number>;
  slowestUploadMs: Record<string, number>;
  /** Transforms answered 200 among those sent during the outage. */
  outageServedShare: number;
  /** The outage's transforms by whether they were sent less than the cache TTL after the stop command. */
  outageByTtl: { withinTtl: Record<string, number>; pastTtl: Record<string, number> };
  /** Transforms answered 200 among those sent less than the cache TTL after the stop command. */
  withinTtlServedShare: number;
  apiAlive: boolean;
  fatalLogLines: number;
}

export function runOutageTransforms(options?: {
  outageMs?: number;
  beforeMs?: number;
  afterMs?: number;
  connections?: number;
  env?: Record<string, string>;
}): Promise<OutageTransformsSummary>;
