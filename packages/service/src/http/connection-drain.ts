/**
 * Graceful close of keep-alive connections. Node's server.close() stops accepting and closes the
 * connections idle at that moment, but a connection that becomes idle later (a stream that ends
 * after the close began) or one a client opens ahead of its next request is left open until its
 * keep-alive timeout, which holds the shutdown. This tracks requests per socket and, once draining,
 * closes every socket as soon as it has no request in flight.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a socket may linger half-closed after we ended it, in milliseconds. */
const END_GRACE_MS = 1_000;

function close(socket: Socket): void {
  // end() flushes what the last response wrote; destroy() follows in case the peer never closes its side.
  socket.end();
  setTimeout(() => socket.destroy(), END_GRACE_MS).unref();
}

/** Starts tracking `server`'s sockets; `drain()` closes idle ones now and busy ones when their last response ends. */
export function trackConnections(server: Server): { drain(): void } {
  const inFlight = new Map<Socket, number>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = Math.max(0, (inFlight.get(socket) ?? 1) - 1);
      if (inFlight.has(socket)) inFlight.set(socket, left);
      if (draining && left === 0) close(socket);
    });
  });
  return {
    drain() {
      draining = true;
      for (const [socket, requests] of inFlight) if (requests === 0) close(socket);
    },
  };
}
