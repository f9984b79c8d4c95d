import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Starts a process from the repository root and resolves once `readyUrl` answers 200. */
export function startProcess(cmd: string, args: string[], env: Record<string, string>, readyUrl: string, timeoutMs = 60_000): Promise<ChildProcess> {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() - started > timeoutMs) return reject(new Error(`${cmd} did not start`));
      setTimeout(poll, 250);
    };
    child.on('exit', (code) => reject(new Error(`${cmd} exited with ${code}`)));
    void poll();
  });
}

