import { and, assign, emit, fromPromise, not, or, setup, stateIn } from 'xstate';

/**
 * A machine using every construct the viewer must draw: parallel regions, shallow and deep
 * history, final states, eventless and delayed transitions (numeric and named delays), guards by
 * name with parameters and higher-order guards, several guarded branches for one event,
 * invoked actors with done/error, entry/exit actions, tags, descriptions, a targetless transition.
 */
export const fixtureMachine = setup({
  types: {
    context: {} as { count: number },
    events: {} as { type: 'GO'; amount: number } | { type: 'NOTE' } | { type: 'PAUSE' } | { type: 'RESUME' } | { type: 'FINISH' } | { type: 'A_TO_B' },
  },
  guards: {
    isAtLeast: ({ event }, params: { min: number }) => event.type === 'GO' && event.amount >= params.min,
    isSmall: ({ event }) => event.type === 'GO' && event.amount < 10,
    hasCount: ({ context }) => context.count > 0,
  },
  actions: {
    bump: assign({ count: ({ context }) => context.count + 1 }),
    notify: emit((_, params: { channel: string }) => ({ type: 'notified', channel: params.channel })),
  },
  actors: { loadThing: fromPromise(async () => 'thing') },
  delays: { shortWait: 1500 },
}).createMachine({
  id: 'fx',
  initial: 'idle',
  context: { count: 0 },
  meta: { label: { 'zh-CN': '示例', 'en-US': 'Fixture' }, events: { GO: { label: { 'zh-CN': '前进', 'en-US': 'Go' }, examples: [{ amount: 20 }, { amount: 5 }] } } },
  states: {
    idle: {
      meta: { label: { 'zh-CN': '空闲', 'en-US': 'Idle' } },
      description: 'Waiting <for> "input" & more',
      tags: ['resting'],
      entry: [{ type: 'notify', params: { channel: 'email' } }],
      exit: 'bump',
      on: {
        GO: [
          { target: 'busy', guard: { type: 'isAtLeast', params: { min: 10 } }, actions: 'bump' },
          { target: 'work', guard: 'isSmall' },
        ],
        NOTE: { actions: 'bump' },
      },
      after: { 1000: { target: 'work', guard: or(['hasCount', stateIn('#fx.idle')]) }, shortWait: 'work' },
    },
    busy: {
      invoke: { id: 'loader', src: 'loadThing', onDone: 'work', onError: { target: 'idle', guard: not('hasCount') } },
      always: { target: 'done', guard: and(['hasCount', 'hasCount']) },
    },
    work: {
      type: 'parallel',
      on: { FINISH: 'done' },
      states: {
        left: {
          initial: 'a',
          states: {
            a: { on: { A_TO_B: 'b', PAUSE: '#fx.paused' } },
            b: { type: 'final' },
            hist: { type: 'history', history: 'shallow' },
          },
        },
        right: {
          initial: 'x',
          states: { x: { type: 'final' }, deepHist: { type: 'history', history: 'deep' } },
        },
      },
      onDone: 'done',
    },
    paused: { on: { RESUME: 'work.left.hist' } },
    done: { type: 'final', meta: { label: { 'zh-CN': '完成', 'en-US': 'Done' }, description: { 'zh-CN': '全部结束', 'en-US': 'All over' } } },
  },
});
