import { describe, expect, it } from 'vitest';
import { machines } from '../../../engine/index.ts';
import { summarizeMachines } from '../../../src/pages/workflows/machine-summaries.ts';

/** The machine list tags a machine no product code runs yet, with its reason in the reader's language. */
describe('machine summaries', () => {
  it('carry the specification reason of a machine not yet wired, and none for a driven one', () => {
    const zh = Object.fromEntries(summarizeMachines(machines, [], 'zh-CN').map((r) => [r.id, r]));
    const en = Object.fromEntries(summarizeMachines(machines, [], 'en-US').map((r) => [r.id, r]));
    expect(en.pushStatus!.specification).toMatch(/^Specification: pushing to outside systems is not built yet/);
    expect(zh.pushStatus!.specification).toMatch(/^规格：推送（对接外部系统）尚未实现/);
    expect(en.paymentOrder!.specification).toBeUndefined();
    expect(en.accountApproval!.specification).toBeUndefined();
    expect(en.noticeSchedule!.specification).toBeUndefined();
  });
});
