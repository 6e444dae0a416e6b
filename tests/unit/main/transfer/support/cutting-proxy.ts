import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// A TCP proxy in front of a real server that can drop a connection halfway, the way a flaky
// network does: armed with `cutNextAnswerAfter(n)`, it forwards the first n bytes the server
// sends on the next connection and then destroys both sides.

export interface CuttingProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  cutNextAnswerAfter(bytes: number): void;
  /** Connections cut so far. */
  cuts(): number;
  /** Bytes the server sent through the proxy, headers included. */
  bytesFromServer(): number;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  let armed: number | null = null;
  let cuts = 0;
  let fromServer = 0;
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    let budget: number | null = null;
    client.on('data', () => {
      // The connection that carries the next request is the one to cut.
      if (budget === null && armed !== null) {
        budget = armed;
        armed = null;
      }
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      fromServer += chunk.length;
      if (budget === null) {
        if (!client.write(chunk)) upstream.pause();
        return;
      }
      const allowed = Math.min(chunk.length, budget);
      budget -= allowed;
      if (allowed > 0) client.write(chunk.subarray(0, allowed));
      if (budget === 0) {
        cuts += 1;
        budget = null;
        upstream.destroy();
        client.destroy();
      }
    });
    client.on('drain', () => upstream.resume());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cutNextAnswerAfter(bytes) {
      armed = bytes;
    },
    cuts: () => cuts,
    bytesFromServer: () => fromServer,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
