import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs the embedded demo with no settings at all', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SEED_DEMO_DATA).toBe(true);
    expect(c.pgliteDir).toBe(path.resolve('data/pglite'));
    expect(c.mediaDir).toBe(path.resolve('data/media'));
  });

  it('reads settings and treats empty values as unset', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: '', SEED_DEMO_DATA: '0', DATA_DIR: '/srv/estate', PUBLIC_CACHE_SECONDS: '0' });
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SEED_DEMO_DATA).toBe(false);
    expect(c.pgliteDir).toBe('/srv/estate/pglite');
    expect(c.PUBLIC_CACHE_SECONDS).toBe(0);
  });

  it('stops with a message naming each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
  });
});
