import { emit, setup } from 'xstate';
import { hostPromise } from './effects.ts';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';

/** The common pushed / not pushed status of a record sent to another system (SPEC §4 "Common"). */
export type PushStatusEvent = { type: 'PUSH' } | { type: 'RECORD_CHANGED' };

export const pushStatusMachine = setup({
  types: {
    events: {} as PushStatusEvent,
    emitted: {} as { type: 'pushFailed' },
  },
  actions: {
    reportPushFailure: emit({ type: 'pushFailed' as const }),
  },
  actors: {
    pushRecord: hostPromise<{ remoteId: string }, void>('pushRecord'),
  },
}).createMachine({
  id: 'pushStatus',
  initial: 'notPushed',
  meta: machineMeta<PushStatusEvent>({
    label: L('推送状态', 'Push status'),
    specification: { reason: L('规格：推送（对接外部系统）尚未实现；推送需服务器能运行的效果。', 'Specification: pushing to outside systems is not built yet; the push needs an effect the server runs.') },
    events: {
      PUSH: { label: L('推送', 'Push') },
      RECORD_CHANGED: { label: L('记录已修改', 'Record changed') },
      'xstate.done.actor.push': { label: L('推送成功', 'Pushed'), examples: [{ output: { remoteId: 'R-1' } }] },
      'xstate.error.actor.push': { label: L('推送失败', 'Push failed'), examples: [{ error: 'Remote rejected' }] },
    },
  }),
  states: {
    notPushed: { meta: meta({ label: L('未推送', 'Not pushed') }), on: { PUSH: 'pushing' } },
    pushing: {
      meta: meta({ label: L('推送中', 'Pushing') }),
      invoke: { id: 'push', src: 'pushRecord', onDone: 'pushed', onError: { target: 'notPushed', actions: 'reportPushFailure' } },
    },
    pushed: {
      meta: meta({ label: L('已推送', 'Pushed'), description: L('记录修改后需要重新推送。', 'A change to the record makes it due for pushing again.') }),
      on: { RECORD_CHANGED: 'notPushed' },
    },
  },
});
