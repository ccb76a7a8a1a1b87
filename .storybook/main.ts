import type { StorybookConfig } from '@storybook/react-vite';
import { machineStoriesIndexer, machineStoriesPlugin } from './machine-stories.ts';

/** Storybook 9.1 (Node 20): renderer stories plus one generated story per registered machine. */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../renderers/**/*.stories.tsx', '../renderers/**/*.machines.tsx', '../src/**/*.stories.tsx'],
  experimental_indexers: async (existing) => [...existing, machineStoriesIndexer],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: async (vite) => {
    vite.plugins = [...(vite.plugins ?? []), machineStoriesPlugin()];
    return vite;
  },
};

export default config;
