import type { AnyStateMachine } from 'xstate';
import type { ValidateFunction } from 'ajv';
import type { EntityBundle, EntityDeclaration, EntitySchema, EntityViews } from './declaration/types.ts';
import { ajvPerDraft } from './validate/ajv.ts';
import { boundedSchema } from './validate/bounded-schema.ts';
import { draftId } from './validate/record-validators.ts';
import { withValidatorId } from './validate/schema-id.ts';
import { withoutRequired } from './schema/resolve.ts';
import { checkEntityBundle } from './declaration/check.ts';
import { templateAccess } from './templates/template-access.ts';

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
  /**
   * Dynamic entities (published templates) only: the template version this registration
   * describes, and every published version of the entity, shared by all of them — a record is
   * shown and validated with the version it was made with (`registrationFor`).
   */
  templateVersion?: number;
  versions?: ReadonlyMap<number, RegisteredEntity>;
  /** A template's declared RJSF uiSchema, laid over the derived one by the form, detail and list (engine/derive/ui-schema.ts). */
  uiSchema?: Record<string, unknown>;
}

/** The registration a record was made with: its template version's, or the entity's own (static entities). */
export function registrationFor(reg: RegisteredEntity, templateVersion: number | null | undefined): RegisteredEntity {
  if (templateVersion === null || templateVersion === undefined || !reg.versions || reg.templateVersion === templateVersion) return reg;
  const found = reg.versions.get(templateVersion);
  if (!found) throw new Error(`Entity '${reg.name}' has no registered version ${templateVersion}`);
  return found;
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
  /** `list()`'s answer until the entities change: the same array, so callers may key their caches on it. */
  private listed?: RegisteredEntity[];
  /** The published versions of each dynamic entity (templates); `entities` holds the newest. */
  private readonly dynamic = new Map<string, Map<number, RegisteredEntity>>();
  /** Each schema is compiled by the ajv of its draft (`$schema`; draft-07 without one). */
  private readonly ajvs = ajvPerDraft();

  /**
   * `lazyValidators`: a static entity's schema is compiled when it is first used instead of at
   * registration (the browser, where compiling every schema held up the first page by seconds;
   * the server and the tests compile at once, so a schema ajv cannot compile stops them at start).
   * Template versions are always compiled on first use: a designer's schema may take seconds to
   * compile, so the server compiles and validates them in its template lane's worker
   * (server/templates/record-validation.ts), where publishing proves they compile first.
   */
  constructor(
    private readonly machines: Readonly<Record<string, AnyStateMachine>>,
    private readonly options: { lazyValidators?: boolean } = {},
  ) {}

  register(bundle: EntityBundle): RegisteredEntity {
    if (this.entities.has(bundle.entity.name)) throw new Error(`Entity '${bundle.entity.name}' is registered twice`);
    const registered = this.compile(bundle, this.options.lazyValidators);
    this.entities.set(registered.name, registered);
    this.listed = undefined;
    return registered;
  }

  /**
   * Registers one published version of a dynamic entity (a template). Versions are immutable:
   * registering one twice throws. The newest version is what `get` returns (new records use
   * it); older ones stay registered for the records made with them. Each version's schema needs
   * its own `$id`.
   */
  registerVersion(bundle: EntityBundle, version: number): RegisteredEntity {
    return this.addVersion(this.prepareVersion(bundle, version));
  }

  /**
   * Checks and compiles a version without registering it: publishing prepares inside its
   * database transaction and adds (`addVersion`) once that commits, so the registry never holds
   * a version the database does not. A schema left compiled by an earlier failed attempt is replaced.
   */
  prepareVersion(bundle: EntityBundle, version: number): RegisteredEntity {
    const name = bundle.entity.name;
    if (this.entities.has(name) && !this.dynamic.has(name)) throw new Error(`Entity '${name}' is static; a template cannot take its name`);
    const versions = this.dynamic.get(name) ?? new Map<number, RegisteredEntity>();
    if (versions.has(version)) throw new Error(`Version ${version} of entity '${name}' is registered twice`);
    this.dynamic.set(name, versions);
    const ajv = this.ajvs.for(bundle.schema);
    ajv.removeSchema(bundle.schema.$id);
    ajv.removeSchema(draftId(bundle.schema.$id));
    const { uiSchema } = bundle as { uiSchema?: Record<string, unknown> };
    // Assigned, not spread: a spread would read (compile) the lazy validators.
    return Object.assign(this.compile(templateAccess(bundle), true), { templateVersion: version, versions }, uiSchema && Object.keys(uiSchema).length ? { uiSchema } : {});
  }

  /** Adds a prepared version; the newest version becomes the entity's current one. */
  addVersion(prepared: RegisteredEntity): RegisteredEntity {
    const version = prepared.templateVersion;
    const versions = this.dynamic.get(prepared.name);
    if (version === undefined || !versions || versions !== prepared.versions) throw new Error(`'${prepared.name}' was not prepared as a version`);
    if (versions.has(version)) throw new Error(`Version ${version} of entity '${prepared.name}' is registered twice`);
    versions.set(version, prepared);
    if (version >= Math.max(...versions.keys())) this.entities.set(prepared.name, prepared);
    this.listed = undefined;
    return prepared;
  }

  /** Removes a dynamic entity (a deleted template) with all its versions; a static one stays. */
  unregisterDynamic(name: string): void {
    const versions = this.dynamic.get(name);
    if (!versions) return;
    for (const reg of versions.values()) {
      const ajv = this.ajvs.for(reg.schema);
      ajv.removeSchema(reg.schema.$id);
      ajv.removeSchema(draftId(reg.schema.$id));
    }
    this.dynamic.delete(name);
    this.entities.delete(name);
    this.listed = undefined;
  }

  /** Whether the entity is a dynamic one (a template), registered by version. */
  isDynamic(name: string): boolean {
    return this.dynamic.has(name);
  }

  private compile(bundle: EntityBundle, lazy = false): RegisteredEntity {
    const { entity, schema, views } = bundle;
    const machine = checkEntityBundle(bundle, this.machines);
    // Validated with the engine's default bounds and closed objects (validate/bounded-schema.ts); the declaration stays as declared.
    let bounded: EntitySchema | undefined;
    const checked = () => (bounded ??= boundedSchema(schema));
    const compilers = {
      // Compiled under the registration's own key (a template version's `$id`), whatever root id the schema carries.
      validate: () => this.ajvs.for(schema).compile(withValidatorId(checked(), schema.$id)),
      validateDraft: () => this.ajvs.for(schema).compile(withValidatorId(withoutRequired(checked()), draftId(schema.$id))),
      validatePayload: () => {
        const validatePayload: Record<string, ValidateFunction> = {};
        for (const [event, action] of Object.entries(entity.actions ?? {})) {
          if (action.payloadSchema) validatePayload[event] = this.ajvs.for(action.payloadSchema).compile(boundedSchema(action.payloadSchema));
        }
        return validatePayload;
      },
    };
    const registered = { name: entity.name, entity, schema, views, machine } as RegisteredEntity;
    for (const [key, make] of Object.entries(compilers)) {
      if (!lazy) {
        Object.assign(registered, { [key]: make() });
        continue;
      }
      // Compiled on first read, then kept as a plain value (a getter left in place means never compiled).
      Object.defineProperty(registered, key, {
        enumerable: true,
        configurable: true,
        get: () => {
          const value = make();
          Object.defineProperty(registered, key, { enumerable: true, configurable: true, writable: false, value });
          return value;
        },
      });
    }
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

  list(): readonly RegisteredEntity[] {
    return (this.listed ??= [...this.entities.values()]);
  }
}
