import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, renderThreadsFor } from './config.ts';

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

  it('renders pages on a thread a core by default: none on one core, at most 8; a number or 0 as set', () => {
    expect([1, 2, 4, 8, 16, 64].map(renderThreadsFor)).toEqual([0, 2, 4, 8, 8, 8]);
    expect(loadConfig({}).RENDER_THREADS).toBe(renderThreadsFor(os.availableParallelism()));
    expect(loadConfig({ RENDER_THREADS: 'auto' }).RENDER_THREADS).toBe(renderThreadsFor(os.availableParallelism()));
    expect(loadConfig({ RENDER_THREADS: '0' }).RENDER_THREADS).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '3' }).RENDER_THREADS).toBe(3);
    for (const bad of ['some', '-1', '65', '1.5']) expect(() => loadConfig({ RENDER_THREADS: bad }), bad).toThrow(/RENDER_THREADS/);
  });

  it('stops with a message naming each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
  });

  it('keeps media in the local folder unless S3_BUCKET names a bucket, and checks the S3 settings go together', () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const c = loadConfig({ S3_BUCKET: 'estate-media', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key', S3_FORCE_PATH_STYLE: '1', MEDIA_PUBLIC_URL: 'https://cdn.example.com' });
    expect(c).toMatchObject({ S3_BUCKET: 'estate-media', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, MEDIA_PUBLIC_URL: 'https://cdn.example.com' });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET is required/);
    expect(() => loadConfig({ S3_BUCKET: 'estate-media', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'ftp://cdn' })).toThrow(/MEDIA_PUBLIC_URL/);
    // The message names the setting, never its value.
    expect(() => loadConfig({ S3_BUCKET: 'estate-media', S3_SECRET_ACCESS_KEY: 'very-secret-value' })).toThrow(/^(?![\s\S]*very-secret-value)/);
  });
});
