/** The files table: its records, and its queries in each dialect side by side. */
export * from './records.js';
export { FilesRepository } from './sqlite.js';
export { PostgresFilesRepository } from './postgres.js';
export type * from './contract.js';
