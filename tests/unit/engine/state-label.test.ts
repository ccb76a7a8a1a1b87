import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createRegistry, pathLabel, type DeclaredBundle } from '../../../engine/index.ts';
import { FILES } from '../../fixtures/throwaway-entity.ts';

const bundle: DeclaredBundle = {
  files: { entity: 'schemas/sampleCheck/sampleCheck.entity.json', schema: 'schemas/sampleCheck/sampleCheck.schema.json', views: 'schemas/sampleCheck/sampleCheck.views.json' },
  entity: FILES['schemas/sampleCheck/sampleCheck.entity.json'],
  schema: FILES['schemas/sampleCheck/sampleCheck.schema.json'],
  views: FILES['schemas/sampleCheck/sampleCheck.views.json'],
};
const machine = (meta?: { label: { 'zh-CN': string; 'en-US': string } }) =>
  setup({ types: { events: {} as { type: 'START' } | { type: 'FINISH' } } }).createMachine({
    id: 'sampleCheck',
    initial: 'open',
    ...(meta ? { meta } : {}),
    states: { open: { on: { START: 'checking' } }, checking: { on: { FINISH: 'done' } }, done: { type: 'final' } },
  });

describe('the state column of a machine without regions', () => {
  it('takes the machine label, and says "Status" in the language when the machine has none', () => {
    const reg = createRegistry([bundle], { sampleCheck: machine() }).get('sampleCheck');
    expect([pathLabel(reg, '$status', 'zh-CN'), pathLabel(reg, '$status', 'en-US')]).toEqual(['状态', 'Status']);
    const labelled = machine({ label: { 'zh-CN': '检查状态', 'en-US': 'Check state' } });
    expect(pathLabel(createRegistry([bundle], { sampleCheck: labelled }).get('sampleCheck'), '$status', 'en-US')).toBe('Check state');
  });
});
