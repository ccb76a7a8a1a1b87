import type { WorkflowStateMeta } from './meta.ts';

/** A text in every interface language. */
export type WorkflowText = WorkflowStateMeta['label'];

/** Builds a label from its Chinese and English text. */
export const L = (zh: string, en: string): WorkflowText => ({ 'zh-CN': zh, 'en-US': en });

/** State meta (see WorkflowStateMeta) with an optional description in every language. */
export type WorkflowStateMetaWithDescription = WorkflowStateMeta & { description?: WorkflowText };

/** Typed state meta. */
export const stateMeta = (m: WorkflowStateMetaWithDescription): WorkflowStateMetaWithDescription => m;

/** How an event of a machine not (yet) bound to an entity presents itself. */
export interface WorkflowEventMeta {
  label: WorkflowText;
  /**
   * Example payloads (the event's fields without `type`), one per guarded branch worth showing.
   * The viewer's simulation sends them and the model-based tests use them as guard-satisfying
   * inputs. An entity bound to the machine declares its own payload schemas instead.
   */
  examples?: readonly Record<string, unknown>[];
}

/**
 * The root `meta` of a lifecycle machine: its label and, for every event it accepts (including
 * the done/error events of the actors it invokes, keyed by their XState event type), a label and
 * example payloads. The statechart viewer and the tests read it; it changes no behaviour.
 */
export interface WorkflowMachineMeta<TEventType extends string = string> {
  label: WorkflowText;
  /**
   * What a record's state is called where the machine has no regions: a list's status column and
   * filter. Without it they take the machine's label.
   */
  statusLabel?: WorkflowText;
  events: Record<TEventType, WorkflowEventMeta> & Record<string, WorkflowEventMeta>;
  /** What each named guard checks, as the viewer shows it (`{param}`: the guard's parameter). */
  guards?: Record<string, WorkflowText>;
  /** Named delays without a fixed length (computed), as the viewer shows them. */
  delays?: Record<string, WorkflowText>;
  /** Set on a machine no product code runs yet: why, and which issue or module will wire it. */
  specification?: WorkflowSpecification;
}

/** A machine kept as a specification: the states and rules are agreed, no product code runs them yet. */
export interface WorkflowSpecification {
  reason: WorkflowText;
}

/** Typed machine meta: every event type of the machine must be labelled. */
export function machineMeta<TEvent extends { type: string }>(m: {
  label: WorkflowText;
  statusLabel?: WorkflowText;
  events: Record<TEvent['type'], WorkflowEventMeta> & Record<string, WorkflowEventMeta>;
  guards?: Record<string, WorkflowText>;
  delays?: Record<string, WorkflowText>;
  specification?: WorkflowSpecification;
}): WorkflowMachineMeta<TEvent['type']> {
  return m;
}
