import { describe, expect, it } from 'vitest';
import { machines } from '../../../workflows/index.ts';
import { MACHINE_STORIES_FILE, machineStoriesIndexer, machineStoriesPlugin, machineStoryExports } from '../../../.storybook/machine-stories.ts';

/** Storybook gets one story per registered machine without anyone writing it. */
describe('generated machine stories', () => {
  const file = '/repo/renderers/statechart/stories/Lifecycles.machines.tsx';

  it('indexes one story per machine in workflows/index.ts', async () => {
    expect(machineStoriesIndexer.test.test(file)).toBe(true);
    const entries = await machineStoriesIndexer.createIndex(file);
    expect(entries.map((e) => e.exportName)).toEqual(Object.keys(machines));
    expect(entries.every((e) => e.type === 'story' && e.importPath === file && e.title === 'Lifecycles/Machines')).toBe(true);
    expect(entries.find((e) => e.exportName === 'trf')!.name).toBe('Test request form · 测试申请单');
  });

  it('gives the stories module a named export for every indexed story', () => {
    const plugin = machineStoriesPlugin();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    const out = transform('export default {};', file)!.code;
    for (const id of Object.keys(machines)) expect(out).toContain(`export const ${id} = machineStory(${JSON.stringify(id)});`);
    expect(out).toContain(machineStoryExports());
    expect(transform('export default {};', '/repo/renderers/other.tsx')).toBeUndefined();
  });

  it('matches the stories file that exists in the repository', async () => {
    const { existsSync } = await import('node:fs');
    const path = 'renderers/statechart/stories/Lifecycles.machines.tsx';
    expect(existsSync(path)).toBe(true);
    expect(MACHINE_STORIES_FILE.test(`/x/${path}`)).toBe(true);
  });
});
