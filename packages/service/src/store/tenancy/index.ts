/** Organizations, projects and API keys: the key rules and records, and the queries in each dialect side by side. */
export * from './records.js';
export { TenancyRepository } from './sqlite.js';
export { PostgresTenancyRepository } from './postgres.js';
export type * from './contract.js';
