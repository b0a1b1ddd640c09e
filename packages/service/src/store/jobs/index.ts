/** The jobs tables (jobs, job_training_files): their records, and their queries in each dialect side by side. */
export * from './records.js';
export { JobsRepository } from './sqlite.js';
export { PostgresJobsRepository, type JobMessageQueue, type QueueMessages } from './postgres.js';
export type * from './contract.js';
