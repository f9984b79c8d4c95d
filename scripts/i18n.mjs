#!/usr/bin/env node
// `npm run i18n`: the web app's texts are `t('key', 'English fallback')` calls. This collects them,
// writes the English dictionary from the fallbacks and lists what Hindi and Arabic still lack.
// `--check` changes nothing and fails when any dictionary is missing a key (npm test runs it).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const appDir = path.join(root, 'apps', 'web', 'app');
const dictDir = path.join(root, 'apps', 'server', 'src', 'i18n');
const LANGUAGES = ['en', 'hi', 'ar'];

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('+') ? [] : sourceFiles(full);
    return /\.(tsx?|mjs)$/.test(e.name) && !/\.test\./.test(e.name) ? [full] : [];
  });
}

const unquote = (s) => s.slice(1, -1).replace(/\\(['"`\\])/g, '$1').replace(/\\n/g, '\n');
const STRING = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"`;
// t('key', 'fallback') — and [key, fallback] pairs in tables handed to t().
const CALL = new RegExp(String.raw`\bt\(\s*(${STRING})\s*,\s*(${STRING}|[^)]+?)\s*,?\s*\)`, 'g');
// t.count(n, 'key', 'one form', 'other form') — the dictionaries hold key_one and key_other.
const COUNT = new RegExp(String.raw`\bt\.count\(\s*[^,]+?,\s*(${STRING})\s*,\s*(${STRING})\s*,\s*(${STRING})\s*,?\s*\)`, 'g');
const PAIR = new RegExp(String.raw`\[\s*(${STRING})\s*,\s*(${STRING})\s*\]\s*(?:as const)?\s*(?:,|\])?\s*\/\/\s*t\b`, 'g');

/** key → English text (null when the call's fallback is not a literal). */
const conflicts = [];

export function collectKeys() {
  const keys = new Map();
  for (const file of sourceFiles(appDir)) {
    const text = fs.readFileSync(file, 'utf8');
    const found = [CALL, PAIR].flatMap((re) => [...text.matchAll(re)].map((m) => [unquote(m[1]), m[2].trim()]));
    for (const m of text.matchAll(COUNT)) found.push([`${unquote(m[1])}_one`, m[2]], [`${unquote(m[1])}_other`, m[3]]);
    for (const [key, fallback] of found) {
      const literal = /^['"]/.test(fallback) ? unquote(fallback) : null;
      const known = keys.get(key);
      if (known && literal && known !== literal) conflicts.push(`"${key}" has two English texts: "${known}" and "${literal}" (${path.relative(root, file)})`);
      keys.set(key, literal ?? known ?? null);
    }
  }
  return keys;
}

const read = (lang) => JSON.parse(fs.readFileSync(path.join(dictDir, `${lang}.json`), 'utf8'));
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

const check = process.argv.includes('--check');
const keys = collectKeys();
const en = read('en');
let problems = conflicts.length;
for (const conflict of conflicts) console.log(`${conflict}: give one of them another key`);
for (const [key, text] of keys) {
  if (text !== null && en[key] !== text) {
    if (check) {
      console.log(`en.json: "${key}" should be "${text}" (the fallback in the code)`);
      problems++;
    } else en[key] = text;
  }
  if (text === null && !en[key]) {
    console.log(`en.json: "${key}" has no English text (its fallback is not a literal): add it by hand`);
    problems++;
  }
}
if (!check) fs.writeFileSync(path.join(dictDir, 'en.json'), `${JSON.stringify(sorted(en), null, 2)}\n`);
for (const lang of LANGUAGES.slice(1)) {
  const dict = read(lang);
  const missing = [...keys.keys()].filter((k) => typeof dict[k] !== 'string' || dict[k].trim() === '');
  if (missing.length) {
    problems += missing.length;
    console.log(`${lang}.json lacks ${missing.length} of ${keys.size} keys: ${missing.join(', ')}`);
  }
}
// Keys no code asks for (a plural form such as key_few counts as asked for when key_other is).
const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;
const used = (key) => keys.has(key) || (PLURAL_FORM.test(key) && keys.has(`${key.replace(PLURAL_FORM, '$1')}_other`));
for (const lang of LANGUAGES) {
  const dict = lang === 'en' ? en : read(lang);
  const stale = Object.keys(dict).filter((k) => !used(k));
  if (!stale.length) continue;
  if (check) {
    problems += stale.length;
    console.log(`${lang}.json has ${stale.length} keys no code uses (npm run i18n removes them): ${stale.join(', ')}`);
  } else {
    for (const k of stale) delete dict[k];
    fs.writeFileSync(path.join(dictDir, `${lang}.json`), `${JSON.stringify(sorted(dict), null, 2)}\n`);
    console.log(`${lang}.json: removed ${stale.length} keys no code uses: ${stale.join(', ')}`);
  }
}
console.log(`${keys.size} texts in the web app; ${problems ? `${problems} problems` : 'every dictionary complete'}`);
process.exit(check && problems ? 1 : 0);
