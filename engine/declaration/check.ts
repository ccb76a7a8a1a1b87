import type { AnyStateMachine } from 'xstate';
import type { EntityBundle } from './types.ts';
import { LANGUAGES } from './types.ts';
import { DeclarationError, declarationFiles, pointer } from './errors.ts';
import { ACCESS_FILES, isDeclaredPost, isDeclaredRole, POST_NAMES, POST_PREFIX, ROLE_NAMES } from './roles.ts';
import { MENU_FILE, MENU_GROUPS } from './menu.ts';
import { resolveField, type ResolvedField } from '../derive/fields.ts';
import { listPath } from '../derive/list-paths.ts';
import { checkEntityEffects } from './mail.ts';
import { checkNotify } from './notify.ts';
import { checkExports, checkVariants } from './check-exports-variants.ts';
import { checkReferences } from './check-references.ts';
import { checkLinks } from './check-links.ts';
import { checkPartyLists } from './list-variants.ts';

/** The permission codes an entity declares: the ones its grants may hand out. */
export function declaredCodes({ permissions, actions, copy, fieldPermissions }: EntityBundle['entity']): Set<string> {
  return new Set([
    ...Object.values(permissions),
    ...Object.values(actions ?? {}).map((a) => a.permission),
    ...(copy ? [copy.permission] : []),
    ...Object.values(fieldPermissions ?? {}),
  ]);
}

/**
 * Checks that an entity's declarations agree with each other and with its machine, so a
 * mistake fails at registration — never later as a 500, a blank column or a button that does
 * nothing. Every problem is reported with its file and JSON path (DeclarationError).
 */
export function checkEntityBundle(bundle: EntityBundle, machines: Readonly<Record<string, AnyStateMachine>>): AnyStateMachine | undefined {
  const { entity, schema, views } = bundle;
  const files = bundle.files ?? declarationFiles(entity.name);
  const problems: { file: string; path: string; message: string }[] = [];
  const fail = (file: string, path: string, message: string) => problems.push({ file, path, message });

  if (!/^[a-z][a-zA-Z0-9]*$/.test(entity.name)) fail(files.entity, '/name', 'the name must be camelCase letters and digits');
  for (const lang of LANGUAGES) if (!entity.label[lang]) fail(files.entity, '/label', `the label has no ${lang} text`);
  if (schema.type !== 'object' || !schema.properties) fail(files.schema, '', 'the schema must be an object with properties');

  const field = (file: string, path: string, name: string): ResolvedField | undefined => {
    try {
      return resolveField(entity, schema, name);
    } catch {
      fail(file, path, `'${name}' is not a field of ${files.schema} nor a system field`);
      return undefined;
    }
  };
  field(files.entity, '/titleField', entity.titleField);
  views.list.columns.forEach((c, i) => field(files.views, pointer('list', 'columns', i, 'field'), c.field));
  views.list.filters.forEach((f, i) => {
    const kind = field(files.views, pointer('list', 'filters', i, 'field'), f.field)?.kind;
    if (!kind) return;
    if (f.op === 'contains' && kind !== 'text') fail(files.views, pointer('list', 'filters', i, 'op'), `'contains' does not apply to the ${kind} field '${f.field}'`);
    if (f.op === 'range' && !['date', 'datetime', 'number'].includes(kind)) fail(files.views, pointer('list', 'filters', i, 'op'), `'range' does not apply to the ${kind} field '${f.field}'`);
    // A field inside a list (each sample's material) is matched by containment: a value, or one of several.
    if (!f.field.startsWith('$') && listPath(schema, f.field) && f.op !== 'eq' && f.op !== 'in') fail(files.views, pointer('list', 'filters', i, 'op'), `'${f.op}' does not apply to '${f.field}', a field inside a list (eq or in)`);
  });
  field(files.views, '/list/defaultSort/field', views.list.defaultSort.field);
  const viewField = (path: string, name: string) => field(files.views, path, name);
  const viewFail = (path: string, message: string) => fail(files.views, path, message);
  checkExports(views, viewField, viewFail);
  checkVariants(bundle, viewField, viewFail);
  views.detail.sections.forEach((s, i) => s.fields.forEach((f, j) => field(files.views, pointer('detail', 'sections', i, 'fields', j), f)));
  views.form.sections.forEach((s, i) =>
    s.fields.forEach((f, j) => {
      if (!schema.properties?.[f]) fail(files.views, pointer('form', 'sections', i, 'fields', j), `'${f}' is not a top-level field of ${files.schema}`);
    }),
  );
  if (entity.numbering && !schema.properties?.[entity.numbering.field]) {
    fail(files.entity, '/numbering/field', `'${entity.numbering.field}' is not a top-level field of ${files.schema}`);
  }
  if (entity.numbering?.when && !entity.lifecycle) fail(files.entity, '/numbering/when', 'a number given in a state needs a lifecycle');
  if (!entity.access?.visibility) fail(files.entity, '/access/visibility', "every entity declares who sees its records: 'parties', 'authorized' or 'everyone'");
  entity.access?.shareWith?.forEach((s, i) => {
    const shared = field(files.entity, pointer('access', 'shareWith', i, 'field'), s.field);
    if (shared?.node?.type === 'array' && (s.account || s.requiresApprovedOwner)) {
      fail(files.entity, pointer('access', 'shareWith', i), `'${s.field}' names several companies: 'account' and 'requiresApprovedOwner' need a field naming one`);
    }
    if (s.unlessTrue) field(files.entity, pointer('access', 'shareWith', i, 'unlessTrue'), s.unlessTrue);
    if (s.account) field(files.entity, pointer('access', 'shareWith', i, 'account'), s.account);
  });
  checkGrant(entity, (path, name) => field(files.entity, path, name), (path, message) => fail(files.entity, path, message));
  checkLinks(bundle, (file, path, name) => field(file, path, name), fail);

  entity.unique?.forEach((u, i) =>
    u.fields.forEach((f, j) => {
      const at = pointer('unique', i, 'fields', j);
      if (f.startsWith('$')) return fail(files.entity, at, `'${f}' is a system field: only document values can be unique`);
      const kind = field(files.entity, at, f)?.kind;
      if (kind && !['text', 'number', 'date', 'datetime', 'enum'].includes(kind)) {
        fail(files.entity, at, `'${f}' is a ${kind} field: only text, numbers, dates and choices can be unique`);
      }
    }),
  );
  for (const [column, path] of Object.entries(entity.projection?.columns ?? {})) field(files.entity, pointer('projection', 'columns', column), path);
  const belongs = entity.belongsTo;
  if (belongs) {
    field(files.entity, '/belongsTo/field', belongs.field);
    if (belongs.replyTo) field(files.entity, '/belongsTo/replyTo', belongs.replyTo);
    for (const to of Object.keys(belongs.fill ?? {})) field(files.entity, pointer('belongsTo', 'fill', to), to);
    // The parent's page lists its records by this field: the views' list filters by it.
    if (!views.list.filters.some((f) => f.field === belongs.field && f.op === 'eq')) fail(files.views, '/list/filters', `belongsTo.field '${belongs.field}' needs an 'eq' filter: the parent's page lists its records by it`);
  }
  (entity.routes.actionPages ?? []).forEach((p, i) => {
    if (!entity.actions?.[p.action]) fail(files.entity, `/routes/actionPages/${i}/action`, `'${p.action}' is not an action of the entity`);
  });
  if (entity.routes.own?.length && !entity.projection?.self) fail(files.entity, '/routes/own', "'own' pages need projection.self: only a company's own record can be shown as its own");
  if (entity.menu?.group !== undefined && !MENU_GROUPS.has(entity.menu.group)) {
    fail(files.entity, '/menu/group', `'${entity.menu.group}' is not a group of ${MENU_FILE} (groups: ${[...MENU_GROUPS].join(', ')})`);
  }
  (entity.menu?.roles ?? []).forEach((role, i) => {
    if (!isDeclaredRole(role)) fail(files.entity, `/menu/roles/${i}`, `'${role}' is not a role of ${ACCESS_FILES.roles} (roles: ${ROLE_NAMES.join(', ')})`);
  });
  const links = entity.menuLinks;
  if (links) {
    if (!MENU_GROUPS.has(links.group)) fail(files.entity, '/menuLinks/group', `'${links.group}' is not a group of ${MENU_FILE} (groups: ${[...MENU_GROUPS].join(', ')})`);
    const fields: [string, string | undefined][] = [['for', links.for], ['url', links.url], ['order', links.order], ['when', links.when], ...Object.entries(links.label).map(([lang, f]): [string, string] => [`label/${lang}`, f])];
    for (const [at, path] of fields) if (path !== undefined) field(files.entity, `/menuLinks/${at}`, path);
  }

  const codes = declaredCodes(entity);
  for (const [role, granted] of Object.entries(entity.grants ?? {})) {
    const post = role.startsWith(POST_PREFIX) ? role.slice(POST_PREFIX.length) : undefined;
    if (post !== undefined && !isDeclaredPost(post)) fail(files.entity, pointer('grants', role), `'${post}' is not a post of ${ACCESS_FILES.posts} (posts: ${POST_NAMES.join(', ')})`);
    if (post === undefined && !isDeclaredRole(role)) fail(files.entity, pointer('grants', role), `'${role}' is not a role of ${ACCESS_FILES.roles} (roles: ${ROLE_NAMES.join(', ')})`);
    granted.forEach((code, i) => {
      if (!codes.has(code)) fail(files.entity, pointer('grants', role, i), `'${code}' is not a permission this entity declares`);
    });
  }

  const machine = entity.lifecycle ? machines[entity.lifecycle.machine] : undefined;
  if (entity.lifecycle && !machine) {
    fail(files.entity, '/lifecycle/machine', `machine '${entity.lifecycle.machine}' is not in workflows/ (machines: ${Object.keys(machines).join(', ')})`);
  }
  if (!entity.lifecycle && entity.actions && Object.keys(entity.actions).length) fail(files.entity, '/actions', 'actions need a lifecycle');
  for (const [event, action] of Object.entries(entity.actions ?? {})) {
    if (action.by === 'shared' && !entity.access?.shareWith?.length) {
      fail(files.entity, pointer('actions', event, 'by'), "'shared' needs access.shareWith: no field names the company on the shared side");
    }
  }
  if (machine) {
    const createdIn = entity.lifecycle?.createdIn;
    if (createdIn !== undefined && !machine.root.states[createdIn]) fail(files.entity, '/lifecycle/createdIn', `machine '${machine.id}' has no state '${createdIn}'`);
    for (const [field, region] of Object.entries(entity.lifecycle?.regions ?? {})) {
      if (region !== '.' && !machine.root.states[region]) fail(files.entity, pointer('lifecycle', 'regions', field), `machine '${machine.id}' has no region '${region}'`);
    }
    const grant = entity.access?.grantsVisibility;
    const [primary] = Object.values(entity.lifecycle?.regions ?? {});
    const leaves = primary === '.' ? machine.root.states : primary ? machine.root.states[primary]?.states : undefined;
    grant?.states.forEach((state, i) => {
      if (leaves && !leaves[state]) fail(files.entity, pointer('access', 'grantsVisibility', 'states', i), `'${state}' is not a state of machine '${machine.id}' (states: ${Object.keys(leaves).join(', ')})`);
    });
    const machineEvents = new Set(machine.events.filter((e) => !e.startsWith('xstate.')));
    for (const event of Object.keys(entity.actions ?? {})) {
      if (!machineEvents.has(event)) fail(files.entity, pointer('actions', event), `'${event}' is not an event of machine '${machine.id}'`);
    }
    for (const event of machineEvents) {
      if (!entity.actions?.[event]) fail(files.entity, '/actions', `machine '${machine.id}' has the event '${event}', which has no action (label and permission)`);
    }
    entity.lifecycle?.dateEvents?.forEach((d, i) => {
      if (!machineEvents.has(d.event)) fail(files.entity, pointer('lifecycle', 'dateEvents', i, 'event'), `'${d.event}' is not an event of machine '${machine.id}'`);
      const date = field(files.entity, pointer('lifecycle', 'dateEvents', i, 'field'), d.field);
      if (date && date.kind !== 'date') fail(files.entity, pointer('lifecycle', 'dateEvents', i, 'field'), `'${d.field}' is not a date field (format: date)`);
    });
  }
  // The server runs an entity's transitions in its own transactions: no invoked actor, and only the declared mail as effects.
  checkEntityEffects(entity, schema, machine, (path, message) => fail(files.entity, path, message));
  checkNotify(entity, schema, machine && new Set(machine.events), (path, message) => fail(files.entity, path, message));
  checkPartyLists(entity, schema, views, machine, (path, message) => fail(files.entity, path, message));
  checkReferences(bundle, files, fail);
  if (problems.length) throw new DeclarationError(problems);
  return machine;
}

/** `access.grantsVisibility`: its fields exist, its dates are dates and its states are the primary region's. */
function checkGrant(
  entity: EntityBundle['entity'],
  field: (path: string, name: string) => ResolvedField | undefined,
  fail: (path: string, message: string) => void,
): void {
  const grant = entity.access?.grantsVisibility;
  if (!grant) return;
  field('/access/grantsVisibility/grantee', grant.grantee);
  for (const key of ['from', 'to'] as const) {
    const name = grant[key];
    if (!name) continue;
    const kind = field(`/access/grantsVisibility/${key}`, name)?.kind;
    if (kind && kind !== 'date') fail(`/access/grantsVisibility/${key}`, `'${name}' is a ${kind} field: a grant's period is given by date fields`);
  }
  if (!entity.lifecycle) fail('/access/grantsVisibility/states', 'states need a lifecycle');
}

