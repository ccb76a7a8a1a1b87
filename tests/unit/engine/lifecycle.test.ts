import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  availableActions,
  changedFields,
  createStaticRegistry,
  deriveActions,
  editableFields,
  eventPossible,
  initialSnapshot,
  isDraftState,
  stateFields,
  toPermissionMap,
  type PersistedSnapshot,
} from '../../../engine/index.ts';

const trf = createStaticRegistry().get('trf');
const machine = trf.machine!;
const walk = (...events: Record<string, unknown>[]): PersistedSnapshot =>
  events.reduce<PersistedSnapshot>((s, e) => {
    const next = applyEvent(machine, s, e as never);
    if (!next) throw new Error(`cannot ${String(e.type)}`);
    return next;
  }, initialSnapshot(machine));

describe('lifecycle binding', () => {
  it('starts in Draft with no quotation', () => {
    expect(stateFields(trf.entity.lifecycle!.regions, initialSnapshot(machine))).toEqual({ $status: 'draft', $quotationStatus: 'none' });
  });

  it('offers an action only when the machine can take it AND the user holds the permission', () => {
    const applicant = toPermissionMap(['trf:submit', 'trf:delete', 'trf:cancel', 'trf:accept']);
    const draft = initialSnapshot(machine);
    expect(availableActions(trf, draft, applicant, 'en-US').map((a) => a.event)).toEqual(['SUBMIT', 'CANCEL', 'DELETE']);
    expect(availableActions(trf, draft, toPermissionMap(['trf:submit']), 'en-US').map((a) => a.event)).toEqual(['SUBMIT']);
    const submitted = walk({ type: 'SUBMIT' });
    expect(availableActions(trf, submitted, applicant, 'zh-CN').map((a) => a.label)).toEqual(['取消', '受理申请']);
    const all = deriveActions(trf, submitted, toPermissionMap([]), 'en-US');
    expect(all.find((a) => a.event === 'WITHDRAW')).toMatchObject({ possible: true, permitted: false, confirm: 'Withdraw this TRF back to draft?' });
  });

  it('probes guarded events with a payload that satisfies the payload schema', () => {
    const submitted = walk({ type: 'SUBMIT' });
    expect(eventPossible(trf, submitted, 'RETURN')).toBe(true);
    expect(applyEvent(machine, submitted, { type: 'RETURN' })).toBeUndefined();
    expect(applyEvent(machine, submitted, { type: 'RETURN', reason: ' ' })).toBeUndefined();
    expect(eventPossible(trf, initialSnapshot(machine), 'SEND_QUOTATION')).toBe(false);
    expect(eventPossible(trf, submitted, 'SEND_QUOTATION')).toBe(true);
  });

  it('resumes a pending TRF in the step it was in (history state)', () => {
    const testing = walk({ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' }, { type: 'CONFIRM_SAMPLE_RECEIVED', sampleReceivedDate: '2026-01-01' }, { type: 'START_TESTING' });
    const stored = JSON.parse(JSON.stringify(applyEvent(machine, testing, { type: 'PEND', reason: 'wait' })));
    expect(stateFields(trf.entity.lifecycle!.regions, stored).$status).toBe('pending');
    expect(stateFields(trf.entity.lifecycle!.regions, applyEvent(machine, stored, { type: 'RESUME' })!).$status).toBe('testing');
  });

  it('derives editable fields per state', () => {
    const draft = editableFields(trf, initialSnapshot(machine));
    expect(draft.has('template')).toBe(true);
    expect(draft.has('trfNo')).toBe(false);
    expect([...editableFields(trf, walk({ type: 'SUBMIT' }))].sort()).toEqual(['failedReportDeliveredTo', 'invoiceDelivery', 'remark', 'reportDeliveredTo', 'returnSampleDelivery']);
    expect(editableFields(trf, walk({ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' })).has('dueDate')).toBe(true);
    expect(editableFields(trf, walk({ type: 'CANCEL' })).size).toBe(0);
    expect(isDraftState(trf, initialSnapshot(machine))).toBe(true);
    expect(isDraftState(trf, walk({ type: 'SUBMIT' }))).toBe(false);
  });

  it("lets a field's own x-editableIn override the state's rule", () => {
    const reg = { ...trf, schema: { ...trf.schema, properties: { ...trf.schema.properties, previousReportNo: { type: 'string' as const, 'x-editableIn': ['testing'] } } } };
    expect(editableFields(reg, initialSnapshot(machine)).has('previousReportNo')).toBe(false);
    const testing = walk({ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' }, { type: 'CONFIRM_SAMPLE_RECEIVED', sampleReceivedDate: '2026-01-01' }, { type: 'START_TESTING' });
    expect(editableFields(reg, testing).has('previousReportNo')).toBe(true);
  });

  it('compares documents blind to key order (jsonb reorders keys)', () => {
    expect(changedFields({ a: { x: 1, y: 2 }, b: 1 }, { b: 1, a: { y: 2, x: 1 } })).toEqual([]);
    expect(changedFields({ a: [1, 2] }, { a: [2, 1], c: undefined })).toEqual(['a']);
  });
});
