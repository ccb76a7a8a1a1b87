import type { AnyStateMachine } from 'xstate';
import type { EntityBundle, Language } from '../declaration/types.ts';
import { entityLabels, machineLabels, type ChartLabels } from './labels.ts';

/** The entity whose lifecycle is this machine, if one is declared. */
export function boundEntity(bundles: readonly EntityBundle[], machineId: string): EntityBundle | undefined {
  return bundles.find((b) => b.entity.lifecycle?.machine === machineId);
}

/** The labels to draw a registered machine with: its entity's action labels when it is bound. */
export function labelsForMachine(bundles: readonly EntityBundle[], machineId: string, machine: AnyStateMachine, lang: Language): ChartLabels {
  const bound = boundEntity(bundles, machineId);
  return bound ? entityLabels(machine, bound.entity.actions, lang) : machineLabels(machine, lang);
}
