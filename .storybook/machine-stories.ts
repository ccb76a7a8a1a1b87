import type { Plugin } from 'vite';
import { machines } from '../workflows/index.ts';

/**
 * Stories generated from the machine registry (workflows/index.ts `machines`): a new machine gets
 * its story without code. Storybook's CSF needs static named exports, so two halves work
 * together at build time: an indexer lists one story entry per machine for the registry file,
 * and a Vite plugin gives that file one named export per machine (`export const trf = …`).
 */
export const MACHINE_STORIES_FILE = /renderers\/statechart\/stories\/Lifecycles\.machines\.tsx$/;
export const MACHINE_STORIES_TITLE = 'Lifecycles/Machines';

type MachineLabel = { label?: { 'zh-CN'?: string; 'en-US'?: string } };

/** The registered machine ids that can be export names (all of ours are camelCase). */
export function machineStoryIds(registry: Record<string, unknown> = machines): string[] {
  return Object.keys(registry).filter((id) => /^[A-Za-z_$][\w$]*$/.test(id) && id !== 'default');
}

function storyName(id: string): string {
  const meta = (machines as Record<string, { root: { meta?: MachineLabel } }>)[id]?.root.meta;
  const en = meta?.label?.['en-US'];
  const zh = meta?.label?.['zh-CN'];
  return en && zh ? `${en} · ${zh}` : id;
}

/** Index entries: one story per machine, all in the registry file. */
export function machineStoryEntries(fileName: string) {
  return machineStoryIds().map((id) => ({
    type: 'story' as const,
    importPath: fileName,
    exportName: id,
    name: storyName(id),
    title: MACHINE_STORIES_TITLE,
    tags: ['lifecycle'],
  }));
}

export const machineStoriesIndexer = {
  test: MACHINE_STORIES_FILE,
  createIndex: async (fileName: string) => machineStoryEntries(fileName),
};

/** The named exports the plugin appends: one story object per machine. */
export function machineStoryExports(): string {
  return machineStoryIds()
    .map((id) => `export const ${id} = machineStory(${JSON.stringify(id)});`)
    .join('\n');
}

export function machineStoriesPlugin(): Plugin {
  return {
    name: 'portico:machine-stories',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_STORIES_FILE.test(id.split('?')[0]!)) return undefined;
      return { code: `${code}\n${machineStoryExports()}\n`, map: null };
    },
  };
}
