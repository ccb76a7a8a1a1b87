import { DEFAULT_LANGUAGE, machines, toPersisted } from '../../engine/index.ts';
import { RECLAIM_AFTER_MONTHS } from '../../workflows/account-status.machine.ts';
import type { Database } from '../db/database.ts';
import { startIntervalWorker } from '../db/claim-loop.ts';
import { ApiError } from '../http/errors.ts';
import { decide, record } from '../machines/transitions.ts';
import type { EffectRunner } from '../effects/runner.ts';
import { forgetUserLocally } from '../auth/session-cache.ts';

const machine = machines.accountStatus;

/** An account's last activity: its last login, its approval or enabling (audit rows of `account`), or its making, whichever is latest. */
const LAST_ACTIVE = `greatest(u.created_at,
  (select max(s.created_at) from sessions s where s.user_id = u.id),
  (select max(a.at) from audit a where a.entity = 'account' and a.record_id = u.id))`;

/**
 * Reclaims the enabled accounts unused for 24 months (SPEC §9) through
 * account-status.machine.ts: RECLAIM, whose guard checks the months from the last activity to
 * `now`; the status, an audit row with no actor and the notice mail (an effect) commit together,
 * one account per transaction, rows other processes hold skipped. Returns how many were reclaimed.
 */
export async function reclaimInactiveAccounts(db: Database, effects: EffectRunner, now = new Date()): Promise<number> {
  const { rows: candidates } = await db.query<{ id: string }>(
    `select u.id from users u where u.status = 'approved' and u.account_state = 'enabled' and ${LAST_ACTIVE} <= $1::timestamptz - make_interval(months => $2) order by u.id`,
    [now.toISOString(), RECLAIM_AFTER_MONTHS],
  );
  let reclaimed = 0;
  for (const { id } of candidates) {
    const moved = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ last_active: Date | string }>(
        `select ${LAST_ACTIVE} as last_active from users u where u.id = $1 and u.status = 'approved' and u.account_state = 'enabled' for update skip locked`,
        [id],
      );
      if (!rows[0]) return false;
      try {
        const d = decide({
          machine,
          subject: { kind: 'account', id },
          snapshot: toPersisted(machine, machine.resolveState({ value: 'enabled', context: {} })),
          event: { type: 'RECLAIM', lastActiveAt: new Date(rows[0].last_active).toISOString(), at: now.toISOString() },
          lang: DEFAULT_LANGUAGE,
        });
        await tx.query('update users set account_state = $2 where id = $1', [id, d.to]);
        forgetUserLocally(id);
        await record(tx, d, null);
        return true;
      } catch (err) {
        // The machine counts calendar months itself; an account it does not find unused yet stays.
        if (err instanceof ApiError) return false;
        throw err;
      }
    });
    if (moved) reclaimed += 1;
  }
  if (reclaimed) await effects.afterCommit();
  return reclaimed;
}

/** Runs the sweep every `intervalMs` (hourly by default); the returned function stops it. */
export function startReclaimWorker(db: Database, effects: EffectRunner, intervalMs = 3_600_000): () => Promise<void> {
  return startIntervalWorker('account reclaim', () => reclaimInactiveAccounts(db, effects), intervalMs);
}
