// autocannon as the benches use it: the load is made the same, but the answers' bodies are not
// decoded. autocannon appends every body chunk to a string (`req.body += data`, kept for
// `onResponse`, `verifyBody` and `expectBody`, which no bench uses). Decoding 14 KB of brotli as
// UTF-8 took 83 % of its CPU: against a bare Node server writing a stored 14.5 KB page it made
// 3,300 req/s at 100 % of a core while the server used 19 % (wrk drove the same server at 39,000).
// A bench of a page then measured the load generator, and on two cores took a core from the
// server; hello-world's 17-byte answer never showed it. Counting bytes and timing stay autocannon's.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const PipelinedRequestsQueue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } };
PipelinedRequestsQueue.prototype.addBody = () => {};

export default autocannon;
