import { fromCallback, fromPromise, type EventObject } from 'xstate';

/**
 * Side effects are injected: a machine names the actors it invokes in `setup({ actors })`, and
 * the host (server job, browser page) provides the real ones with `machine.provide({ actors })`.
 * The defaults below refuse to run, so a host that forgets to provide one fails loudly instead
 * of silently doing nothing.
 */
export class ActorNotProvidedError extends Error {
  readonly code = 'ACTOR_NOT_PROVIDED';
  constructor(readonly actor: string) {
    super(`Actor '${actor}' is a side effect the host must provide with machine.provide({ actors: { ${actor} } })`);
  }
}

/** A promise actor (one request, one answer) that the host provides. */
export function hostPromise<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new ActorNotProvidedError(name)));
}

/** A callback actor (a long-lived connection sending events back) that the host provides. */
export function hostCallback<TReceived extends EventObject, TInput = void>(name: string) {
  return fromCallback<TReceived, TInput>(() => {
    throw new ActorNotProvidedError(name);
  });
}
