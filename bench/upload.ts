import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { wavStream } from './audio-source.ts';

const MB = 1e6;

/**
 * One 500 MB WAV (48 kHz stereo 16-bit, 43 minutes: under the paid 3600 s limit) generated as it is sent
 * over a real HTTP connection to a server in its own process, which receives it into a temporary file
 * while decoding it, stores it and answers the new original. Prints throughput and the server's peak RSS.
 */
export async function uploadBench() {
  const bytes = Number(process.env.BENCH_UPLOAD_MB ?? 500) * MB;
  const seconds = Math.floor(bytes / (48000 * 2 * 2));
  const server = spawn(process.execPath, [fileURLToPath(new URL('./upload-server.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
  const info = JSON.parse((await lines.next()).value as string) as {
    port: number;
    headers: Record<string, string>;
    projectId: string;
    folderId: string;
    rssBefore: number;
    before: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  };

  const boundary = `----bench-${randomUUID()}`;
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${info.projectId}\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="parent_folder_id"\r\n\r\n${info.folderId}\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="data"; filename="long.wav"\r\ncontent-type: audio/wav\r\n\r\n`;
  const started = performance.now();
  let sent = 0;
  const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: info.port,
        method: 'POST',
        path: '/api/recordings',
        headers: { ...info.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    void (async () => {
      const write = (chunk: Buffer | string) =>
        new Promise<void>((ok) => (req.write(chunk) ? ok() : req.once('drain', () => ok())));
      await write(head);
      for (const chunk of wavStream(seconds, 48000, 2)) {
        sent += chunk.length;
        await write(chunk);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    })();
  });
  const elapsed = (performance.now() - started) / 1000;
  server.stdin!.write('report\n');
  const { peak } = JSON.parse((await lines.next()).value as string) as {
    peak: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  };
  await new Promise((resolve) => server.once('exit', resolve));

  const item =
    result.status === 200
      ? (JSON.parse(result.body) as { items: { duration: number; size: number }[] }).items[0]
      : undefined;
  console.log(
    `${(bytes / MB).toFixed(0)} MB streamed upload (WAV 48 kHz stereo, ${(seconds / 60).toFixed(1)} min), one connection on loopback`,
  );
  console.log(
    `  answer            ${result.status}${item ? `, duration ${item.duration.toFixed(1)} s, size ${(item.size / MB).toFixed(1)} MB` : `: ${result.body.slice(0, 200)}`}`,
  );
  console.log(
    `  time              ${elapsed.toFixed(2)} s, ${(sent / MB / elapsed).toFixed(0)} MB/s (receive, decode, peaks, store)`,
  );
  console.log(
    `  server memory     peak RSS ${(peak.rss / MB).toFixed(0)} MB during the upload, ${(info.rssBefore / MB).toFixed(0)} MB idle before it (embedded database included)`,
  );
  console.log(
    `                    peak JS heap ${(peak.heapUsed / MB).toFixed(0)} MB, buffers ${(peak.arrayBuffers / MB).toFixed(0)} MB, external ${(peak.external / MB).toFixed(0)} MB`,
  );
  const growth = (k: keyof typeof peak) => `${((peak[k] - info.before[k]) / MB).toFixed(0)} MB`;
  console.log(
    `  growth            RSS ${growth('rss')} (goal ≤ 64 MB); JS heap ${growth('heapUsed')}, buffers ${growth('arrayBuffers')}, external ${growth('external')} (peaks less idle)`,
  );
}
