import { setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/** The common enable/disable switch (SPEC §4 "Common"): accounts, templates, configurations. */
export type EnablementEvent = { type: 'ENABLE' } | { type: 'DISABLE'; reason: string };

export const enablementMachine = setup({
  types: { events: {} as EnablementEvent },
  guards: {
    hasReason: ({ event }) => event.type === 'DISABLE' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'enablement',
  initial: 'enabled',
  meta: machineMeta<EnablementEvent>({
    label: L('启用 / 停用', 'Enable / disable'),
    specification: { reason: L('规格：启用/停用尚无对应的业务对象；由首个需要启停的模块接入。', 'Specification: no entity enables or disables yet; the first module that needs it will bind this machine.') },
    guards: {
      hasReason: L('已填写原因', 'a reason is given'),
    },
    events: {
      ENABLE: { label: L('启用', 'Enable') },
      DISABLE: { label: L('停用', 'Disable'), examples: [{ reason: 'No longer used' }] },
    },
  }),
  states: {
    enabled: { meta: meta({ label: L('已启用', 'Enabled') }), on: { DISABLE: { target: 'disabled', guard: 'hasReason' } } },
    disabled: { meta: meta({ label: L('已停用', 'Disabled') }), on: { ENABLE: 'enabled' } },
  },
});
