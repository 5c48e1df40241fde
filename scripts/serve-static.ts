import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

// `node scripts/serve-static.ts <dir> [port]`: serves a built folder (storybook-static for the visual tests)
// on 127.0.0.1. Nothing else: no index listing, no writes, no path outside <dir>.
const [dirArg = 'storybook-static', portArg = '6107'] = process.argv.slice(2);
const root = path.resolve(dirArg);
const port = Number(portArg);

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
};

function resolveFile(urlPath: string): string | undefined {
  const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  let file = path.join(root, path.normalize(decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

createServer((req, res) => {
  const file = req.method === 'GET' || req.method === 'HEAD' ? resolveFile(req.url ?? '/') : undefined;
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}).listen(port, '127.0.0.1', () => console.log(`Serving ${root} at http://127.0.0.1:${port}/`));
