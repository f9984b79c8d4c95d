#!/usr/bin/env node
// The server the browser journeys run against: the built web app, a new embedded database with the
// demo data, mail kept in the outbox (read at /dev/mailbox). DATA_DIR is wiped first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startGoogleStandIn } from '../apps/web/e2e/google-stand-in.mjs';
import { STAND_IN_ATTRIBUTION, startMapStyleStandIn } from '../apps/web/e2e/map-style-stand-in.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// Google sign-in against a local stand-in of Google's endpoints.
const GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
const google = await startGoogleStandIn({ clientId: GOOGLE_CLIENT_ID });
// The street map from a local stand-in, so no journey reaches the internet (they cut it off to see the fallback).
const mapStyle = await startMapStyleStandIn();
// PayPal and Razorpay from the API tests' local stand-ins (their APIs and checkout pages), beside the
// sandbox, so journeys pay through a redirect provider and Razorpay's hosted checkout end to end.
const payments = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/e2e-payment-stand-ins.ts'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
const paymentEnv = await new Promise((resolve, reject) => {
  let out = '';
  payments.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))));
  });
  payments.on('exit', (code) => reject(new Error(`the payment stand-ins stopped (${code})`)));
});

const env = {
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  PUBLIC_CACHE_SECONDS: '0',
  // Every journey signs up its own users, all from 127.0.0.1.
  ACCOUNT_RATE_LIMIT_FACTOR: '50',
  SMTP_URL: '',
  REDIS_URL: '',
  DATABASE_URL: '',
  GOOGLE_CLIENT_ID,
  GOOGLE_AUTH_URL: `${google.base}/authorize`,
  GOOGLE_JWKS_URL: `${google.base}/certs`,
  MAP_TILE_URL: '',
  MAP_STYLE_URL: mapStyle.styleUrl,
  MAP_STYLE_ATTRIBUTION: STAND_IN_ATTRIBUTION,
  ...paymentEnv,
  // The sandbox stays on (and first) beside them: the other journeys pay with its test cards.
  PAYMENT_SANDBOX: '1',
};
const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  void google.close();
  void mapStyle.close();
  payments.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});
