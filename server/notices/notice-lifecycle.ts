import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, initialSnapshot, machines, toPersisted, type Language, type LifecycleEvent, type PersistedSnapshot } from '../../engine/index.ts';
import { PUBLISH_STATUS } from '../../workflows/notice-schedule.machine.ts';
import type { Database, Queryable } from '../db/database.ts';
import { drainClaims, startIntervalWorker } from '../db/claim-loop.ts';
import { ApiError } from '../http/errors.ts';
import { decide, record, type Decided } from '../machines/transitions.ts';
import { claimDueNotice, insertNotice, lockNotice, postponeNoticeTimers, saveNoticeState, type NewNotice, type NoticeRow } from './notices-repo.ts';

const machine = machines.noticeSchedule;

/** A notice's finalPublishStatus in a state of its machine (SPEC §4). */
const statusOf = (state: string): number => PUBLISH_STATUS[state] ?? 0;

/** A notice stored before its machine ran it: the state its status stands for, with its times. */
function snapshotOf(row: NoticeRow): PersistedSnapshot {
  if (row.snapshot) return row.snapshot;
  const value = row.final_publish_status === 1 ? 'upcoming' : row.final_publish_status === 2 ? 'inProgress' : 'finished';
  const start = new Date(row.start_date_time).toISOString();
  const context = { startDateTime: start, finishDateTime: new Date(row.finish_date_time).toISOString(), since: start };
  return toPersisted(machine, machine.resolveState({ value, context }));
}

const stateOf = (d: Decided) => ({ snapshot: d.snapshot, status: statusOf(d.to), timers: d.timers });

/** Publishing: the machine's PUBLISH from its draft; the start timer is due at the start time. */
export async function publishNotice(db: Database, notice: Omit<NewNotice, 'id'>, lang: Language): Promise<NoticeRow> {
  const id = randomUUID();
  const now = new Date();
  return db.transaction(async (tx) => {
    const d = decide({
      machine,
      subject: { kind: 'notice', id },
      snapshot: initialSnapshot(machine),
      event: { type: 'PUBLISH', startDateTime: notice.startDateTime, finishDateTime: notice.finishDateTime, at: now.toISOString() },
      lang,
      now,
    });
    const row = await insertNotice(tx, { ...notice, id }, stateOf(d));
    await record(tx, d, notice.createdBy);
    return row;
  });
}

/** What staff may do to a notice (POST /api/notices/:id/:action), as events of its machine. */
export const NOTICE_ACTIONS: Readonly<Record<string, (now: Date) => LifecycleEvent>> = {
  start: (now) => ({ type: 'START', at: now.toISOString() }),
  finish: () => ({ type: 'FINISH' }),
  cancel: () => ({ type: 'WITHDRAW' }),
};

/** Staff start, finish or withdraw a notice by hand: the machine decides, the state and an audit row commit together. */
export async function changeNotice(db: Database, id: string, action: string, actorId: string, lang: Language): Promise<NoticeRow> {
  const eventOf = Object.hasOwn(NOTICE_ACTIONS, action) ? NOTICE_ACTIONS[action] : undefined;
  if (!eventOf) throw new ApiError(404, 'ROUTE_NOT_FOUND');
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, id);
    if (!row) throw new ApiError(404, 'NOT_FOUND');
    const d = decide({ machine, subject: { kind: 'notice', id }, snapshot: snapshotOf(row), timers: row.timers, event: eventOf(now), lang, now });
    const saved = await saveNoticeState(tx, id, stateOf(d));
    await record(tx, d, actorId);
    return saved;
  });
}

/**
 * Fires a claimed notice's earliest due timer through the same decide-and-record path, with no
 * actor. The timer's clock is its due time, so the next timer counts from when this one was
 * due (a late start does not push the finish back). A timer the state no longer takes is dropped.
 */
async function fireNoticeTimer(tx: Queryable, row: NoticeRow): Promise<void> {
  const [timer, ...rest] = [...row.timers].sort((a, b) => a.due.localeCompare(b.due));
  const snapshot = snapshotOf(row);
  if (!timer) {
    await saveNoticeState(tx, row.id, { snapshot, status: row.final_publish_status, timers: [] });
    return;
  }
  try {
    const d = decide({ machine, subject: { kind: 'notice', id: row.id }, snapshot, timers: row.timers, event: { type: timer.event }, lang: DEFAULT_LANGUAGE, now: new Date(timer.due) });
    await saveNoticeState(tx, row.id, stateOf(d));
    await record(tx, d, null);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await saveNoticeState(tx, row.id, { snapshot, status: row.final_publish_status, timers: rest });
  }
}

/** How long a notice whose timer failed to fire waits before the next attempt. */
const RETRY_SECONDS = 60;

/** Starts and finishes every notice due now, one per transaction; returns how many timers were handled. */
export function fireDueNoticeTimers(db: Database): Promise<number> {
  return drainClaims(db, claimDueNotice, fireNoticeTimer, async (row, err) => {
    console.error(`timer of notice ${row.id} failed; retrying in ${RETRY_SECONDS} s`, err);
    await postponeNoticeTimers(db, row.id, RETRY_SECONDS);
  });
}

/** Runs `fireDueNoticeTimers` every `intervalMs`; the returned function stops it and waits for a run in progress. */
export function startNoticeWorker(db: Database, intervalMs = 1000): () => Promise<void> {
  return startIntervalWorker('notice worker', () => fireDueNoticeTimers(db), intervalMs);
}
