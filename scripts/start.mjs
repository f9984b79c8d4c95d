#!/usr/bin/env node
// `npm start`: build the web app if it has not been built yet, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'apps', 'web', 'build', 'server', 'index.js');

if (!fs.existsSync(serverBuild)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
// The server drains requests on SIGTERM/SIGINT: pass them on and leave when it has finished.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
