import { useMemo } from 'react';
import type { StoryObj } from '@storybook/react-vite';
import type { Language } from '../../../engine/index.ts';
import { STATIC_BUNDLES } from '../../../engine/static-entities.ts';
import { boundEntity, labelsForMachine } from '../../../engine/graph/index.ts';
import { machines } from '../../../engine/index.ts';
import { MachineReview } from '../MachineReview.tsx';

export interface MachineStoryArgs {
  lang: Language;
}

function MachineStory({ id, lang }: { id: string; lang: Language }) {
  const machine = (machines as Record<string, (typeof machines)[keyof typeof machines]>)[id]!;
  const labels = useMemo(() => labelsForMachine(STATIC_BUNDLES, id, machine, lang), [id, machine, lang]);
  return <MachineReview key={`${id}-${lang}`} machine={machine} labels={labels} actions={boundEntity(STATIC_BUNDLES, id)?.entity.actions} height="72vh" />;
}

/** The story of one registered machine: its diagram and a simulation. */
export function machineStory(id: string): StoryObj<MachineStoryArgs> {
  return { render: (args) => <MachineStory id={id} lang={args.lang} /> };
}
