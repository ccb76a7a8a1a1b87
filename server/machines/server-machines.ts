import type { AnyStateMachine } from 'xstate';
import { DeclarationError, machines, unrunnableParts, type MachineId } from '../../engine/index.ts';
import type { EffectRunner } from '../effects/runner.ts';

/**
 * The machines the server runs itself, transition by transition in its own transactions
 * (server/machines/transitions.ts), besides the entity lifecycles the registry checks:
 * account approval and customer approval (server/accounts/approval.ts), account enablement
 * (server/accounts/management.ts, reclaim.ts), the notice schedule
 * (server/notices/notice-lifecycle.ts).
 */
export const SERVER_MACHINES = ['accountApproval', 'accountStatus', 'customerApproval', 'noticeSchedule'] as const satisfies readonly MachineId[];

/** A machine's file: its id in kebab case under workflows/. */
export const machineFile = (id: string): string => `workflows/${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.machine.ts`;

/** What the server could not run in the machines: invoked actors, and effects it has no handler for. */
export function serverMachineProblems(runner: EffectRunner, list: Readonly<Record<string, AnyStateMachine>> = pick(SERVER_MACHINES)) {
  return Object.entries(list).flatMap(([id, machine]) =>
    unrunnableParts(machine, (e) => runner.accepts(machine.id, e.kind, e.params)).map((message) => ({ file: machineFile(id), path: '', message })),
  );
}

const pick = (ids: readonly MachineId[]): Record<string, AnyStateMachine> => Object.fromEntries(ids.map((id) => [id, machines[id]]));

/**
 * Refuses to start with a server machine, or an entity's lifecycle machine (whose effects are
 * queued with its transitions: server/entities/service.ts), that invokes an actor or declares
 * an effect the server cannot run (naming the file).
 */
export function checkServerMachines(runner: EffectRunner, entityMachines: readonly AnyStateMachine[] = []): void {
  const entities = Object.fromEntries(entityMachines.map((m) => [m.id, m]));
  const problems = serverMachineProblems(runner, { ...pick(SERVER_MACHINES), ...entities });
  if (problems.length) throw new DeclarationError(problems);
}
