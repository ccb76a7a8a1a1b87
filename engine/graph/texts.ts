import type { Language } from '../declaration/types.ts';

/** The viewer's own words for transitions that have no declared label, per language. */
export const GRAPH_TEXTS: Record<Language, {
  after: (delay: string) => string;
  always: string;
  done: (actor: string) => string;
  error: (actor: string) => string;
  stateDone: string;
  entry: string;
  exit: string;
  invoke: string;
  history: string;
  deepHistory: string;
  /** Joining words of a guard spelled out: `a && b`, `a || b`, `not(a)`. */
  and: string;
  or: string;
  not: (inner: string) => string;
}> = {
  'zh-CN': {
    after: (delay) => `${delay} 后`,
    always: '自动（无事件）',
    done: (actor) => `${actor} 完成`,
    error: (actor) => `${actor} 失败`,
    stateDone: '全部完成',
    entry: '进入',
    exit: '离开',
    invoke: '调用',
    history: '历史',
    deepHistory: '深历史',
    and: ' 且 ',
    or: ' 或 ',
    not: (inner) => `非（${inner}）`,
  },
  'en-US': {
    after: (delay) => `after ${delay}`,
    always: 'always',
    done: (actor) => `${actor} done`,
    error: (actor) => `${actor} failed`,
    stateDone: 'all done',
    entry: 'entry',
    exit: 'exit',
    invoke: 'invoke',
    history: 'history',
    deepHistory: 'deep history',
    and: ' and ',
    or: ' or ',
    not: (inner) => `not (${inner})`,
  },
};
