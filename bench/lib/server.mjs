// Shared by the benchmarks that start the built server: a free port and the wait for its health.
import net from 'node:net';

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until the server at `base` answers /api/health, failing if `child` exits or 60 s pass. */
export async function waitForHealth(base, child) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}
