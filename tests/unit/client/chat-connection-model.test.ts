import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { ChatConnection, type ChatSocketLike, type ChatStatus } from '../../../src/chat/chat-connection.ts';

/**
 * Model-based test of the client's chat connection (issue 19): the real ChatConnection (the chat
 * connection machine with a fake socket and a simulated clock) and a small reference model of SPEC
 * §9 take the same steps — the server opening, answering or dropping the socket, time passing — and
 * must agree after every step: sockets opened, pings sent, sockets the client closed, and the status.
 * The browser going offline and coming back online are steps too.
 */
type Step = 'open' | 'pong' | 'drop' | 'wait500ms' | 'wait5s' | 'wait50s' | 'offline' | 'online';
const STEPS: readonly Step[] = ['open', 'pong', 'drop', 'wait500ms', 'wait5s', 'wait50s', 'offline', 'online'];
const WAIT: Partial<Record<Step, number>> = { wait500ms: 500, wait5s: 5_000, wait50s: 50_000 };
const TICK = 500;

class FakeSocket implements ChatSocketLike {
  onopen: ChatSocketLike['onopen'] = null;
  onmessage: ChatSocketLike['onmessage'] = null;
  onclose: ChatSocketLike['onclose'] = null;
  sent: string[] = [];
  state: 'connecting' | 'open' | 'closed' = 'connecting';
  closedByClient = false;
  send(data: string) {
    if (this.state !== 'open') throw new Error('sent on a socket that is not open');
    this.sent.push(data);
  }
  close() {
    if (this.state === 'closed') return; // as a browser's: closing a closed socket does nothing
    this.closedByClient = true;
    this.state = 'closed';
  }
}

/** The implementation under test, driven by steps. */
class Real {
  readonly clock = new SimulatedClock();
  readonly sockets: FakeSocket[] = [];
  status: ChatStatus = 'connecting';
  readonly conn: ChatConnection;
  private network?: (online: boolean) => void;
  constructor() {
    this.conn = new ChatConnection({
      open: () => {
        const s = new FakeSocket();
        this.sockets.push(s);
        return s;
      },
      onFrame: () => undefined,
      onStatus: (s) => (this.status = s),
      clock: this.clock,
      network: (notify) => {
        this.network = notify;
        return () => (this.network = undefined);
      },
    }).start();
  }
  private get current() {
    const s = this.sockets.at(-1);
    return s && s.state !== 'closed' ? s : undefined;
  }
  step(step: Step) {
    const s = this.current;
    if (step === 'open' && s?.state === 'connecting') {
      s.state = 'open';
      s.onopen?.({});
    } else if (step === 'pong' && s?.state === 'open') s.onmessage?.({ data: 'pong' });
    else if (step === 'drop' && s) {
      s.state = 'closed';
      s.onclose?.({ code: 1006, reason: '' });
    } else if (step === 'offline' || step === 'online') this.network?.(step === 'online');
    else if (WAIT[step]) for (let t = 0; t < WAIT[step]!; t += TICK) this.clock.increment(TICK);
  }
  observe() {
    return {
      sockets: this.sockets.length,
      pings: this.sockets.reduce((n, s) => n + s.sent.filter((d) => d === 'ping').length, 0),
      closedByClient: this.sockets.filter((s) => s.closedByClient).length,
      status: this.status,
    };
  }
}

/** The reference model: SPEC §9 as plain state and deadlines. */
class Model {
  now = 0;
  sockets = 1;
  pings = 0;
  closedByClient = 0;
  phase: 'connecting' | 'open' | 'waiting' | 'offline' | 'closed' = 'connecting';
  attempts = 0;
  lasted = false;
  awaiting = false;
  stableAt = Infinity;
  pingAt = Infinity;
  pongBy = Infinity;
  reconnectAt = Infinity;
  step(step: Step) {
    if (step === 'open' && this.phase === 'connecting') {
      this.phase = 'open';
      this.lasted = false;
      this.awaiting = false;
      this.stableAt = this.now + 1_000;
      this.pingAt = this.now + 50_000;
      this.pongBy = Infinity;
    } else if (step === 'pong' && this.phase === 'open' && this.awaiting) {
      this.awaiting = false;
      this.pongBy = Infinity;
      this.pingAt = this.now + 50_000;
    } else if (step === 'drop' && (this.phase === 'connecting' || this.phase === 'open')) this.disconnect();
    else if (step === 'offline' && this.phase !== 'closed' && this.phase !== 'offline') {
      // The client closes the socket it has (none while waiting to reconnect) and waits for the network.
      if (this.phase !== 'waiting') this.closedByClient += 1;
      this.stableAt = this.pingAt = this.pongBy = this.reconnectAt = Infinity;
      this.awaiting = false;
      this.phase = 'offline';
    } else if (step === 'online' && this.phase === 'offline') {
      this.attempts = 0;
      this.sockets += 1;
      this.phase = 'connecting';
    } else if (WAIT[step]) for (let t = 0; t < WAIT[step]!; t += TICK) this.tick();
  }
  private tick() {
    this.now += TICK;
    if (this.phase === 'open' && this.now >= this.stableAt) {
      this.stableAt = Infinity;
      this.lasted = true;
      this.attempts = 0;
    }
    if (this.phase === 'open' && this.now >= this.pingAt) {
      this.pingAt = Infinity;
      this.pings += 1;
      this.awaiting = true;
      this.pongBy = this.now + 5_000;
    }
    if (this.phase === 'open' && this.now >= this.pongBy) {
      this.closedByClient += 1;
      this.disconnect();
    }
    if (this.phase === 'waiting' && this.now >= this.reconnectAt) {
      this.attempts += 1;
      this.sockets += 1;
      this.phase = 'connecting';
    }
  }
  private disconnect() {
    this.stableAt = this.pingAt = this.pongBy = Infinity;
    this.awaiting = false;
    if (this.lasted && this.attempts < 5) {
      this.phase = 'waiting';
      this.reconnectAt = this.now + 5_000;
    } else this.phase = 'closed';
  }
  observe() {
    const status: Record<Model['phase'], ChatStatus> = { connecting: 'connecting', open: 'connected', waiting: 'reconnecting', offline: 'offline', closed: 'closed' };
    return { sockets: this.sockets, pings: this.pings, closedByClient: this.closedByClient, status: status[this.phase] };
  }
}

function check(steps: readonly Step[]) {
  const real = new Real();
  const model = new Model();
  expect(real.observe(), 'at start').toEqual(model.observe());
  steps.forEach((step, i) => {
    real.step(step);
    model.step(step);
    expect(real.observe(), `after ${steps.slice(0, i + 1).join(' → ')}`).toEqual(model.observe());
  });
  real.conn.close();
}

/** Every sequence of `n` steps. */
function* sequences(n: number): Generator<Step[]> {
  if (n === 0) return yield [];
  for (const rest of sequences(n - 1)) for (const s of STEPS) yield [...rest, s];
}

/** A small seeded generator: the random walks are the same on every run. */
function random(seed: number) {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

// The exhaustive walks take seconds on a busy machine: the timeout only catches a hang.
describe('the chat connection follows SPEC §9, as the model says', { timeout: 120_000 }, () => {
  it('agrees with the model on every sequence of up to 4 steps', () => {
    let n = 0;
    for (let len = 1; len <= 4; len++) {
      for (const steps of sequences(len)) {
        check(steps);
        n++;
      }
    }
    expect(n).toBe(8 + 64 + 512 + 4096);
  });

  it('agrees with the model on 300 random walks of 40 steps (reconnect limits, the 1 s rule, missed pongs)', () => {
    const next = random(19);
    for (let walk = 0; walk < 300; walk++) check(Array.from({ length: 40 }, () => STEPS[Math.floor(next() * STEPS.length)]!));
  });

  it('pings after 50 s, closes when no pong comes within 5 s, reconnects 5 s later', () => {
    const real = new Real();
    real.step('open');
    for (let i = 0; i < 99; i++) real.clock.increment(TICK);
    expect(real.sockets[0]!.sent).toEqual([]);
    real.clock.increment(TICK);
    expect(real.sockets[0]!.sent).toEqual(['ping']);
    for (let i = 0; i < 9; i++) real.clock.increment(TICK);
    expect(real.sockets[0]!.closedByClient).toBe(false);
    real.clock.increment(TICK);
    expect(real.sockets[0]!.closedByClient).toBe(true);
    expect(real.status).toBe('reconnecting');
    real.step('wait5s');
    expect(real.sockets).toHaveLength(2);
    expect(real.status).toBe('connecting');
    real.conn.close();
  });

  it('gives up after 5 reconnection attempts that never open, and at once after a connection that lasted under 1 s', () => {
    const real = new Real();
    real.step('open');
    real.step('wait5s');
    real.step('drop');
    for (let i = 0; i < 5; i++) {
      expect(real.status).toBe('reconnecting');
      real.step('wait5s');
      real.step('drop');
    }
    expect(real.status).toBe('closed');
    expect(real.sockets).toHaveLength(6);
    const brief = new Real();
    brief.step('open');
    brief.step('drop');
    expect(brief.status).toBe('closed');
    expect(brief.sockets).toHaveLength(1);
  });
});
