// An external bot at an online table: it joins a room of the room server (ROOMS.md) and plays
// its seat with any bot of the arena's protocol (SCENARIOS.md), run as a command that reads
// `{ "view": VIEW, "legal": [ACTION, ...] }` lines and answers one ACTION line each.
//   node --experimental-websocket bots/room-bot.mjs ws://127.0.0.1:8080/ws ROOMCODE Robo \
//     python3 bots/example-bot.py
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [url, room, name, ...command] = process.argv.slice(2);
const bot = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = createInterface({ input: bot.stdout });
const ask = (question) => new Promise((resolve) => {
  answers.once('line', (line) => resolve(JSON.parse(line)));
  bot.stdin.write(`${JSON.stringify(question)}\n`);
});

const ws = new WebSocket(url);
let asked = -1;
ws.onopen = () => ws.send(JSON.stringify({ type: 'join', room, name }));
ws.onmessage = async ({ data }) => {
  const m = JSON.parse(data);
  if (m.type === 'error') console.error(`server: ${m.message}`);
  if (m.type === 'joined') console.error(`seated at ${m.seat} in room ${m.room}`);
  if (m.type !== 'state' || m.legal.length === 0 || m.version === asked) return;
  if (m.view.turn !== m.view.seat) return; // chances out of turn are let pass
  asked = m.version;
  const action = await ask({ view: m.view, legal: m.legal });
  ws.send(JSON.stringify({ type: 'act', action }));
};
// A connection the server does not take is closed with the reason (ROOMS.md's additions).
ws.onclose = ({ code, reason }) => {
  if (reason) console.error(`server closed the connection (${code}): ${reason}`);
  bot.kill();
  process.exit(code === 1008 || code === 1013 ? 1 : 0);
};
