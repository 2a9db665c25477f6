// The stack's own limit for bench/throughput.bench.ts and bench/cold-start.bench.ts: a bare Node
// HTTPS server with the local service's certificate, answering each path with a fixed JSON body
// (the bench passes bodies of the same size as the service's answers). Plain JavaScript, started
// the way `serve` is (node + one file), so that the two starts compare like for like.
// Usage: node static-https.mjs <certDir> <bodies.json: {"/path?query" or "/path": "<json text>"}> [port]
// A request gets the body of its exact URL, else of its path, else the first body.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const [certDir, bodiesFile, port = '0'] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(readFileSync(bodiesFile, 'utf8'))).map(([path, text]) => [path, Buffer.from(text)]));
const fallback = bodies.values().next().value;
const server = createServer({ cert: readFileSync(`${certDir}/cert.pem`), key: readFileSync(`${certDir}/key.pem`), keepAlive: true, keepAliveTimeout: 30_000 }, (req, res) => {
  const mark = req.url.indexOf('?');
  const body = bodies.get(req.url) ?? bodies.get(mark < 0 ? req.url : req.url.slice(0, mark)) ?? fallback;
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(Number(port), '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ baseUrl: `https://127.0.0.1:${server.address().port}` })}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
