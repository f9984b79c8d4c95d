// The socket side of `npm run bench:realtime`, in its own process so the clients do not share the
// server's event loop: opens authenticated WebSockets to /api/ws (Node's built-in WebSocket, run
// with --experimental-websocket) and measures, for every chat message pushed to them, the time
// since the sender stamped it. Driven by its parent over IPC.
type Command = { cmd: 'connect'; sockets: { url: string; token: string }[] } | { cmd: 'reset' } | { cmd: 'report' } | { cmd: 'close' };

const now = () => performance.timeOrigin + performance.now();
const open: WebSocket[] = [];
let latencies: number[] = [];
let frames = 0;

function connectOne(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('no ready in 30 s')), 30_000);
    ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.addEventListener('error', () => reject(new Error(`socket error on ${url}`)));
    ws.addEventListener('message', (e) => {
      frames++;
      const event = JSON.parse(String(e.data)) as { type: string; message?: { message?: string | null } };
      if (event.type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
      } else if (event.type === 'message') {
        const stamp = Number(event.message?.message?.split(':')[1]);
        if (Number.isFinite(stamp)) latencies.push(now() - stamp);
      }
    });
  });
}

process.on('message', (raw) => {
  void (async () => {
    const command = raw as Command;
    if (command.cmd === 'connect') {
      // A few hundred at a time: the server answers each with its `ready`.
      for (let i = 0; i < command.sockets.length; i += 250) {
        open.push(...(await Promise.all(command.sockets.slice(i, i + 250).map((s) => connectOne(s.url, s.token)))));
      }
      process.send!({ connected: open.length });
    } else if (command.cmd === 'reset') {
      latencies = [];
      frames = 0;
      process.send!({ reset: true });
    } else if (command.cmd === 'report') {
      process.send!({ latencies, frames });
    } else {
      for (const ws of open) ws.close();
      open.length = 0;
      process.send!({ closed: true });
    }
  })().catch((error: unknown) => process.send!({ error: String(error) }));
});
