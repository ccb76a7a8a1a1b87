import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machines } from '../../../workflows/index.ts';
import type { WorkflowMachineMeta } from '../../../workflows/machine-meta.ts';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import { SERVER_MACHINES } from '../../../server/machines/server-machines.ts';

const repo = resolve(import.meta.dirname, '../../..');

/**
 * The machines product code runs, and where: the file must use the machine. Entity lifecycles
 * (bound in schemas/) are added from the registry's bundles.
 */
const DRIVEN: Record<string, { file: string; uses: string }> = {
  accountApproval: { file: 'server/accounts/approval.ts', uses: 'machines.accountApproval' },
  accountStatus: { file: 'server/accounts/management.ts', uses: 'machines.accountStatus' },
  customerApproval: { file: 'server/accounts/approval.ts', uses: 'machines.customerApproval' },
  noticeSchedule: { file: 'server/notices/notice-lifecycle.ts', uses: 'machines.noticeSchedule' },
  session: { file: 'server/auth/login-judge.ts', uses: 'sessionMachine' },
  maintenanceNotice: { file: 'src/notices/MaintenanceNotice.tsx', uses: 'maintenanceNoticeMachine' },
  chatConnection: { file: 'src/chat/chat-connection.ts', uses: 'chatConnectionMachine' },
};
for (const b of STATIC_BUNDLES) if (b.entity.lifecycle) DRIVEN[b.entity.lifecycle.machine] ??= { file: `schemas/${b.entity.name}/${b.entity.name}.entity.json`, uses: `"machine": "${b.entity.lifecycle.machine}"` };

const metaOf = (id: string) => machines[id as keyof typeof machines].root.meta as WorkflowMachineMeta | undefined;

/** Issue 12 item 4, "done when": every machine in workflows/ drives product behaviour or is declared a specification with the reason. */
describe('every machine drives the product or says why it does not yet', () => {
  it.each(Object.keys(machines))('%s', (id) => {
    const driven = DRIVEN[id];
    const specification = metaOf(id)?.specification;
    if (driven) {
      expect(readFileSync(resolve(repo, driven.file), 'utf8'), `${driven.file} runs ${id}`).toContain(driven.uses);
      expect(specification, `${id} is driven by ${driven.file}: it is no specification`).toBeUndefined();
    } else {
      expect(specification, `${id} is run by no product code: declare meta.specification with the reason`).toBeDefined();
      expect(specification!.reason['zh-CN']).toMatch(/^规格：.{10,}/);
      expect(specification!.reason['en-US']).toMatch(/^Specification: .{20,}/);
    }
  });

  it('lists the machines the server runs itself among the driven ones', () => {
    for (const id of SERVER_MACHINES) expect(DRIVEN[id], id).toBeDefined();
  });
});
