import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handoffOnRead } from './handoff-on-read.ts';
import { runPlugin } from './run-plugin.ts';

const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const dist = path.join(packageDir, 'dist');
/** React Router's own files of one build that encode the hand-over, as Vite would load them. */
const filesOf = (build: string) =>
  fs
    .readdirSync(path.join(dist, build))
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => ({ id: path.join(dist, build, name), code: fs.readFileSync(path.join(dist, build, name), 'utf8') }))
    .filter((file) => file.code.includes('function encodeViaTurboStream('));

type Encode = (...args: unknown[]) => ReadableStream<Uint8Array>;
/** The rewrite's helper, from the rewritten production file. */
function helperOf(code: string): (encode: Encode, ...args: unknown[]) => ReadableStream<Uint8Array> {
  const start = code.lastIndexOf('function __handoffOnRead(');
  expect(start).toBeGreaterThan(0);
  return new Function(`${code.slice(start)}\nreturn __handoffOnRead;`)() as (encode: Encode, ...args: unknown[]) => ReadableStream<Uint8Array>;
}

describe('handoffOnRead', () => {
  for (const build of ['production', 'development']) {
    it(`hands each document's loader data over through a stream encoded at its first read, in each of React Router's ${build} files`, () => {
      const files = filesOf(build);
      expect(files.length).toBeGreaterThanOrEqual(2);
      for (const { code } of runPlugin(handoffOnRead(), files)) {
        expect(code.split('serverHandoffStream: __handoffOnRead(encodeViaTurboStream, ').length - 1).toBe(2);
        expect(code).not.toContain('serverHandoffStream: encodeViaTurboStream(');
        // The single-fetch answers (.data) still encode as they are sent.
        expect(code).toMatch(/new Response\(\s*encodeViaTurboStream\(/);
      }
    });
  }

  it('encodes nothing until the stream is read, then passes the encoded chunks through, and cancels what it encodes', async () => {
    const [file] = runPlugin(handoffOnRead(), filesOf('production').filter((f) => f.id.endsWith('.mjs')));
    const onRead = helperOf(file.code);
    const calls: unknown[][] = [];
    let cancelled: unknown;
    const encode: Encode = (...args) => {
      calls.push(args);
      const chunks = ['[{"_1":2}]\n', 'P1:["later"]\n'].map((text) => new TextEncoder().encode(text));
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(chunk);
          else controller.close();
        },
        cancel(reason) {
          cancelled = reason;
        },
      });
    };
    const state = { loaderData: {} };
    const stream = onRead(encode, state, 'signal', 5000, 'production');
    // React Router's ServerRouter takes a reader as it renders: still nothing encoded.
    const reader = stream.getReader();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual([]);
    const texts: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) texts.push(new TextDecoder().decode(read.value));
    expect(texts).toEqual(['[{"_1":2}]\n', 'P1:["later"]\n']);
    expect(calls).toEqual([[state, 'signal', 5000, 'production']]);

    const other = onRead(encode, state).getReader();
    await other.read();
    await other.cancel('left');
    expect(cancelled).toBe('left');
    // A stream cancelled before it was read encodes nothing.
    await onRead(encode, state).cancel('never read');
    expect(calls).toHaveLength(2);
  });

  it('leaves other files as they are, and fails the build when a release words the hand-over otherwise', () => {
    const transform = handoffOnRead().transform as (this: unknown, code: string, id: string) => unknown;
    expect(transform.call({}, 'function encodeViaTurboStream() {}', '/app/routes/home.tsx')).toBeNull();
    const [file] = filesOf('production');
    const changed = { ...file, code: file.code.replace('serverHandoffStream: encodeViaTurboStream(', 'serverHandoffStream: encodeViaTurboStream2(') };
    expect(() => runPlugin(handoffOnRead(), [changed])).toThrow(/update the rewrite/);
    expect(() => runPlugin(handoffOnRead(), [{ id: '/app/x.ts', code: '' }])).toThrow(/found no encodeViaTurboStream/);
    expect(() => runPlugin(handoffOnRead(), [{ id: '/app/x.ts', code: '' }], 'client')).not.toThrow();
  });
});
