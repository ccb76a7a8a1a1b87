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
  },
};
