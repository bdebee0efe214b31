// A port free on 127.0.0.1 right now, for a server that must know its own address before it starts
// (PUBLIC_ORIGIN: its links and its Origin check).
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
