// The payment providers the browser journeys pay through besides the built-in sandbox: local
// stand-ins of PayPal's and Razorpay's HTTP APIs and their checkout pages (the ones the API tests
// use, apps/server/test/payment-stand-ins.ts). scripts/e2e-server.mjs runs this with tsx and reads
// the environment that points the app at them from its first line of output.
import { startPaypal, startRazorpay } from '../apps/server/test/payment-stand-ins.ts';

const [paypal, razorpay] = await Promise.all([startPaypal(), startRazorpay()]);
process.stdout.write(`${JSON.stringify({ ...paypal.env, ...razorpay.env })}\n`);

const stop = () => void Promise.all([paypal.close(), razorpay.close()]).finally(() => process.exit(0));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
// The server's launcher going away closes this pipe: stop with it.
process.stdin.on('end', stop);
process.stdin.resume();
