/** Recognises a database that cannot be reached (PostgreSQL down, restarting, or the network lost). */

// Node's socket errors on the way to the server.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
// SQLSTATE: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres says these without a code.
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when `error` means the database is unreachable right now (worth a 503 and a retry), not a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
