import type { AnyStateMachine } from 'xstate';
import type { ValidateFunction } from 'ajv';
import type { EntityBundle, EntityDeclaration, EntitySchema, EntityViews } from './declaration/types.ts';
import { createAjv } from './validate/ajv.ts';
import { withoutRequired } from './schema/resolve.ts';
import { checkEntityBundle } from './declaration/check.ts';

/** A registered entity: its declarations, its machine, and its schema compiled once. */
export interface RegisteredEntity {
  name: string;
  entity: EntityDeclaration;
  schema: EntitySchema;
  views: EntityViews;
  machine?: AnyStateMachine;
  /** Full validation: every rule, required fields included. */
  validate: ValidateFunction;
  /** Draft validation: every rule but `required`. */
  validateDraft: ValidateFunction;
  /** Validators for the payload of each lifecycle event that declares one. */
  validatePayload: Record<string, ValidateFunction>;
}

export class UnknownEntityError extends Error {
  readonly code = 'UNKNOWN_ENTITY';
  constructor(readonly entityName: string) {
    super(`No entity '${entityName}' is registered`);
  }
}

/** One registry of entities; a lookup that misses throws instead of falling back. */
export class EntityRegistry {
  private readonly entities = new Map<string, RegisteredEntity>();
  private readonly ajv = createAjv();

  constructor(private readonly machines: Record<string, AnyStateMachine>) {}

  register(bundle: EntityBundle): RegisteredEntity {
    const { entity, schema, views } = bundle;
    if (this.entities.has(entity.name)) throw new Error(`Entity '${entity.name}' is registered twice`);
    const machine = entity.lifecycle ? this.machines[entity.lifecycle.machine] : undefined;
    if (entity.lifecycle && !machine) {
      throw new Error(`Entity '${entity.name}' names machine '${entity.lifecycle.machine}', which is not in workflows/`);
    }
    checkEntityBundle(bundle, machine);
    const validatePayload: Record<string, ValidateFunction> = {};
    for (const [event, action] of Object.entries(entity.actions ?? {})) {
      if (action.payloadSchema) validatePayload[event] = this.ajv.compile(action.payloadSchema);
    }
    const registered: RegisteredEntity = {
      name: entity.name,
      entity,
      schema,
      views,
      machine,
      validate: this.ajv.compile(schema),
      validateDraft: this.ajv.compile({ ...withoutRequired(schema), $id: `${schema.$id}#draft` }),
      validatePayload,
    };
    this.entities.set(entity.name, registered);
    return registered;
  }

  get(name: string): RegisteredEntity {
    const found = this.entities.get(name);
    if (!found) throw new UnknownEntityError(name);
    return found;
  }

  has(name: string): boolean {
    return this.entities.has(name);
  }

  list(): RegisteredEntity[] {
    return [...this.entities.values()];
  }
}
