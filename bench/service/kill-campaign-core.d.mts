// Types of kill-campaign-core.mjs, for the TypeScript test that runs a bounded campaign.

/** One acknowledged operation the data no longer bears out, with its timing against the kills. */
export interface CampaignViolation {
  kind: string;
  /** The file, job or blob concerned. */
  id: string;
  expected: string;
  actual: string;
  ackRound?: number;
  sentAtMs?: number;
  ackAtMs?: number;
  /** Milliseconds from the acknowledgement to its round's SIGKILL (negative: read after the signal went). */
  msToRoundKill?: number | null;
  /** Kills the operation went through, its own round's included. */
  killsAfterAck?: number;
  foundRound: number;
  foundAtMs: number;
  [detail: string]: unknown;
}

export interface CampaignSummary {
  rounds: number;
  roundMs: number;
  concurrency: number;
  kills: number;
  uploadsAcked: number;
  uploadsUnknown: number;
  deletesAcked: number;
  deletesUnknown: number;
  deletesInUse: number;
  jobsAcked: number;
  jobsUnknown: number;
  readsOk: number;
  refused: number;
  unexpected: number;
  jobStatuses?: Record<string, number>;
  filesListed?: number;
  unknownUploadsPresent?: number;
  dataDirectory?: { rows: number; blobs: number };
  restartMs: { max: number; mean: number };
  unexpectedAnswers: Array<Record<string, unknown>>;
  serverLines: string[];
  violations: CampaignViolation[];
}

export interface CampaignOptions {
  rounds: number;
  roundMs: number;
  concurrency: number;
  /** Empty or missing; left in place. */
  dataDir: string;
  log?: (line: string) => void;
  jobIntervalMs?: number;
  jobTimeoutMs?: number;
  env?: Record<string, string>;
}

export const CAMPAIGN_DEFAULTS: Readonly<Required<Omit<CampaignOptions, 'dataDir' | 'log'>>>;

export function runKillCampaign(options: CampaignOptions): Promise<CampaignSummary>;
