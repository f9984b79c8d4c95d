import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe("the server's Node flags (scripts/server-node-flags.json, decision 20)", () => {
  it('are ones Node accepts in NODE_OPTIONS, where npm start passes them', () => {
    const flags = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'server-node-flags.json'), 'utf8')) as unknown;
    expect(Array.isArray(flags) && flags.every((f) => typeof f === 'string' && f.startsWith('--'))).toBe(true);
    expect(fs.readFileSync(path.join(root, 'scripts', 'start.mjs'), 'utf8')).toContain('server-node-flags.json');
    // A flag Node refuses there stops the server before it starts ("… is not allowed in NODE_OPTIONS").
    const run = spawnSync(process.execPath, ['-e', 'process.exit(0)'], { env: { ...process.env, NODE_OPTIONS: (flags as string[]).join(' ') }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
