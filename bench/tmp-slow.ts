import { openLoop } from './open-loop.ts';
import http from 'node:http';
const path = process.argv[2];
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
await openLoop({ url: 'http://127.0.0.1:3952', rate: 300, duration: 10, paths: [path], headers: { 'accept-encoding': 'br' }, agent });
// measured run with per-request timing: reimplement quickly
const t0 = Date.now();
const slow: string[] = [];
const lat: number[] = [];
let t = 0; const jobs: Promise<void>[] = [];
const start = performance.now();
while (t < 15000) {
  t += -Math.log(1 - Math.random()) * (1000 / 300);
  const due = start + t;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  jobs.push(new Promise<void>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: 3952, path, agent, headers: { 'accept-encoding': 'br' } }, (res) => { res.resume(); res.on('end', () => { const l = performance.now() - due; lat.push(l); if (l > 50) slow.push(`${(performance.timeOrigin + due).toFixed(0)} ${l.toFixed(0)}`); resolve(); }); });
    req.on('error', () => resolve());
  }));
}
await Promise.all(jobs);
lat.sort((a, b) => a - b);
console.log('n', lat.length, 'p50', lat[Math.floor(lat.length * 0.5)].toFixed(1), 'p99', lat[Math.floor(lat.length * 0.99)].toFixed(1), 'max', lat.at(-1)!.toFixed(0), 'slow', slow.length);
console.log(slow.join('\n'));
process.exit(0);
