import type { AnyStateMachine } from 'xstate';
import { trfMachine } from './trf.machine.ts';

/** Every lifecycle machine of the product, by id. A new machine file joins here. */
export const machines = {
  trf: trfMachine,
} satisfies Record<string, AnyStateMachine>;

export type MachineId = keyof typeof machines;
