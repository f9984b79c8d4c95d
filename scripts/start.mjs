#!/usr/bin/env node
// `npm start`: build the web app if it has not been built yet, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'apps', 'web', 'build', 'server', 'index.js');

/** Newest modification time of the files below `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sources = [path.join(root, 'apps', 'web', 'app'), path.join(root, 'packages', 'core', 'src')];
const isStale = () => !fs.existsSync(serverBuild) || Math.max(...sources.map(newest)) > fs.statSync(serverBuild).mtimeMs;

if (isStale()) {
  console.log(fs.existsSync(serverBuild) ? 'Rebuilding the web app (its sources changed)…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Node's flags for the server (decision 20: a young generation that holds the requests in flight),
// the same ones the bench starts it with (bench/process.ts).
const flags = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'server-node-flags.json'), 'utf8'));
const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, ...flags].filter(Boolean).join(' ') };
const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env });
// The server drains requests on SIGTERM/SIGINT: pass them on and leave when it has finished.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
