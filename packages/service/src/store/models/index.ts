/** The models table: its records, and its queries in each dialect side by side. */
export * from './records.js';
export { ModelsRepository } from './sqlite.js';
export { insertModel, PostgresModelsRepository } from './postgres.js';
export type * from './contract.js';
