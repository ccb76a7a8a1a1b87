import type { Meta } from '@storybook/react-vite';
import { LANGUAGES } from '../../../engine/index.ts';
import { machineStory, type MachineStoryArgs } from './machine-story.tsx';

/**
 * One story per machine in workflows/index.ts. The named exports are not written here: at build
 * time .storybook/machine-stories.ts indexes one entry per registered machine and appends
 * `export const <machineId> = machineStory('<machineId>')` to this module.
 */
const meta = {
  title: 'Lifecycles/Machines',
  args: { lang: 'zh-CN' },
  argTypes: { lang: { control: 'inline-radio', options: LANGUAGES } },
  excludeStories: ['machineStory'],
} satisfies Meta<MachineStoryArgs>;

export default meta;
export { machineStory };
