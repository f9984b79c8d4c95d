/**
 * Run inline before any module: the Content Security Policy allows no 'unsafe-eval', so zod must
 * not try to compile its parsers with `new Function` in the browser (the attempt alone is reported
 * as a violation). zod reads this global shared config when it loads (what `z.config({ jitless:
 * true })` sets), and setting it here keeps zod out of the pages that do not use it.
 */
export const ZOD_JITLESS_SCRIPT = '(globalThis.__zod_globalConfig??={}).jitless=true;';
