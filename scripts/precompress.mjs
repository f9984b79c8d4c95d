#!/usr/bin/env node
// After `react-router build`: a .br and a .gz beside every script, style sheet and SVG of the
// client build, so the server sends them compressed without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'build/client/assets');
let files = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|mjs|css|svg|json|txt)$/.test(name)) continue;
  const file = path.join(dir, name);
  const source = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} assets in ${path.relative(process.cwd(), dir) || '.'}`);
