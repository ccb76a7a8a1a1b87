import { describe, expect, it } from 'vitest';
import { ACCESS_FILES, checkedAccess, checkedSchema, createRegistry, DeclarationError, ROLE_NAMES, type DeclaredBundle } from '../../../engine/index.ts';
import rolesFile from '../../../schemas/_access/roles.json' with { type: 'json' };
import postsFile from '../../../schemas/_access/posts.json' with { type: 'json' };
import { DECLARED_BUNDLES } from '../../../engine/generated/declarations.ts';
import { machines } from '../../../workflows/index.ts';

type Json = Record<string, any>;
const trf = DECLARED_BUNDLES.find((b) => b.files.entity === 'schemas/trf/trf.entity.json')!;
const broken = (mutate: (b: { entity: Json; schema: Json; views: Json }) => void): DeclaredBundle => {
  const copy = JSON.parse(JSON.stringify(trf)) as DeclaredBundle & { entity: Json; schema: Json; views: Json };
  mutate(copy);
  return copy;
};
const failure = (bundle: DeclaredBundle): string => {
  try {
    createRegistry([bundle], machines);
  } catch (err) {
    expect(err).toBeInstanceOf(DeclarationError);
    return (err as Error).message;
  }
  throw new Error('the broken declaration was registered');
};

/** Each class of broken declaration fails registration with its file and JSON path (issue 12, item 1). */
describe('a broken declaration', () => {
  it.each<[string, (b: { entity: Json; schema: Json; views: Json }) => void, string]>([
    ['a misspelt key of the entity', (b) => ((b.entity.permisions = b.entity.permissions), delete b.entity.permissions), "schemas/trf/trf.entity.json at /permisions: unknown key 'permisions'"],
    ['a missing required part of the entity', (b) => delete b.entity.routes, "schemas/trf/trf.entity.json at /: must have required property 'routes'"],
    ['a label without a language', (b) => delete b.entity.actions.SUBMIT.label['en-US'], "schemas/trf/trf.entity.json at /actions/SUBMIT/label: must have required property 'en-US'"],
    ['a misspelt annotation in the schema', (b) => (b.schema.properties.dueDate['x-lable'] = b.schema.properties.dueDate['x-label']), "schemas/trf/trf.schema.json at /properties/dueDate/x-lable: unknown key 'x-lable'"],
    ['a misspelt keyword in the schema', (b) => (b.schema.requird = ['template']), "schemas/trf/trf.schema.json at /requird: unknown key 'requird'"],
    ['a misspelt key of the views', (b) => (b.views.list.columns[0].sortabel = true), "schemas/trf/trf.views.json at /list/columns/0/sortabel: unknown key 'sortabel'"],
    ['an unknown filter operator', (b) => (b.views.list.filters[0].op = 'like'), 'schemas/trf/trf.views.json at /list/filters/0/op: must be equal to one of the allowed values'],
    ['a field code naming a missing nested field', (b) => (b.entity.fieldPermissions = { 'buyer.ghost': 'trf:update' }), "schemas/trf/trf.entity.json at /fieldPermissions/buyer.ghost: 'buyer.ghost' is not a field of schemas/trf/trf.schema.json"],
    ['a field code naming a missing field of a list’s rows', (b) => (b.entity.fieldPermissions = { 'samples.ghost': 'trf:update' }), "schemas/trf/trf.entity.json at /fieldPermissions/samples.ghost: 'samples.ghost' is not a field of schemas/trf/trf.schema.json"],
    ['a column naming a missing field', (b) => (b.views.list.columns[1].field = 'ghost'), "schemas/trf/trf.views.json at /list/columns/1/field: 'ghost' is not a field of schemas/trf/trf.schema.json"],
    ['a detail section naming a missing field', (b) => b.views.detail.sections[0].fields.push('buyer.ghost'), "schemas/trf/trf.views.json at /detail/sections/0/fields/"],
    ['a form section naming a nested field', (b) => (b.views.form.sections[0].fields[0] = 'buyer.name'), "schemas/trf/trf.views.json at /form/sections/0/fields/0: 'buyer.name' is not a top-level field"],
    ['a range filter on a text field', (b) => b.views.list.filters.push({ field: 'trfNo', op: 'range' }), "'range' does not apply to the text field 'trfNo'"],
    ['a notification on a missing machine event', (b) => (b.entity.notify.trfAccepted.on = ['ACCEPT']), "schemas/trf/trf.entity.json at /notify/trfAccepted/on/0: 'ACCEPT' is not an event of the entity's machine"],
    ['a notification placeholder naming no field', (b) => (b.entity.notify.trfAccepted.body['en-US'] = 'TRF {trfNumber}'), "schemas/trf/trf.entity.json at /notify/trfAccepted/body/en-US: the placeholder '{trfNumber}' is not a document path"],
    ['a notification company naming no field', (b) => (b.entity.notify.trfAccepted.companies = ['payer.company']), "schemas/trf/trf.entity.json at /notify/trfAccepted/companies/0: 'payer.company' is not a field of the entity's schema"],
    ['an action naming a missing machine event', (b) => (b.entity.actions.FLY = b.entity.actions.SUBMIT), "schemas/trf/trf.entity.json at /actions/FLY: 'FLY' is not an event of machine 'trf'"],
    ['a machine event without an action', (b) => delete b.entity.actions.SUBMIT, "schemas/trf/trf.entity.json at /actions: machine 'trf' has the event 'SUBMIT', which has no action"],
    ['a machine missing from workflows/', (b) => (b.entity.lifecycle.machine = 'ghost'), "schemas/trf/trf.entity.json at /lifecycle/machine: machine 'ghost' is not in workflows/"],
    ['a machine that invokes an actor', (b) => (b.entity.lifecycle.machine = 'pushStatus'), "schemas/trf/trf.entity.json at /lifecycle/machine: machine 'pushStatus' invokes"],
    ['a creation state the machine lacks', (b) => (b.entity.lifecycle.createdIn = 'limbo'), "schemas/trf/trf.entity.json at /lifecycle/createdIn: machine 'trf' has no state 'limbo'"],
    ['a projection column naming no field', (b) => (b.entity.projection = { table: 'companies', columns: { name: 'ghost' } }), "schemas/trf/trf.entity.json at /projection/columns/name: 'ghost' is not a field of schemas/trf/trf.schema.json nor a system field"],
    ['a region missing from the machine', (b) => (b.entity.lifecycle.regions.$status = 'mood'), "schemas/trf/trf.entity.json at /lifecycle/regions/$status: machine 'trf' has no region 'mood'"],
    ['a grant naming an unknown role', (b) => (b.entity.grants.overlord = ['trf:list']), "schemas/trf/trf.entity.json at /grants/overlord: 'overlord' is not a role"],
    ['a grant naming an unknown post', (b) => (b.entity.grants['post:janitor'] = ['trf:list']), "schemas/trf/trf.entity.json at /grants/post:janitor: 'janitor' is not a post of schemas/_access/posts.json"],
    ['a grant to a post naming a code the entity does not declare', (b) => (b.entity.grants['post:finance'] = ['trf:pay']), "schemas/trf/trf.entity.json at /grants/post:finance/0: 'trf:pay' is not a permission this entity declares"],
    ['a grant key that is neither a role nor a post', (b) => (b.entity.grants['team:finance'] = ['trf:list']), "schemas/trf/trf.entity.json at /grants: property name must be valid"],
    ['a grant naming a code the entity does not declare', (b) => (b.entity.grants.buyer = ['trf:fly']), "schemas/trf/trf.entity.json at /grants/buyer/0: 'trf:fly' is not a permission this entity declares"],
    ['numbering into a missing field', (b) => (b.entity.numbering.field = 'ghostNo'), "schemas/trf/trf.entity.json at /numbering/field: 'ghostNo' is not a top-level field"],
    ['an entity without a declared visibility', (b) => delete b.entity.access, "schemas/trf/trf.entity.json at /: must have required property 'access'"],
    ['an unknown visibility', (b) => (b.entity.access.visibility = 'nobody'), 'schemas/trf/trf.entity.json at /access/visibility: must be equal to one of the allowed values'],
    ['a grant from a state the machine lacks', (b) => (b.entity.access.grantsVisibility = { grantee: 'buyer.companyId', states: ['granted'] }), "schemas/trf/trf.entity.json at /access/grantsVisibility/states/0: 'granted' is not a state of machine 'trf'"],
    ['a grant period on a text field', (b) => (b.entity.access.grantsVisibility = { grantee: 'buyer.companyId', states: ['submitted'], to: 'trfNo' }), "schemas/trf/trf.entity.json at /access/grantsVisibility/to: 'trfNo' is a text field: a grant's period is given by date fields"],
    ['a search rule naming no filter of the list', (b) => (b.views.list.search.rules[1].field = 'applicant.name'), "schemas/trf/trf.views.json at /list/search/rules/1/field: 'applicant.name' is not a filter of this list"],
    ['a date range rule on a filter that is no date range', (b) => (b.views.list.search.rules[0].field = 'buyer.name'), "schemas/trf/trf.views.json at /list/search/rules/0/field: a date range rule needs a 'range' filter of dates"],
    ['a tree whose parent is no lookup of the entity', (b) => (b.entity.tree = { parent: 'template' }), "schemas/trf/trf.entity.json at /tree/parent: 'template' must be a top-level field looking up this entity's records"],
    ['a tree path the server does not own', (b) => ((b.schema.properties.parent = { type: 'string', 'x-lookup': 'entity:trf' }), (b.entity.tree = { parent: 'parent', path: 'remark' })), "schemas/trf/trf.entity.json at /tree/path: 'remark' must be a top-level x-system string field"],
    ['a lookup version without its sibling', (b) => (b.schema.properties.lab.properties.labId['x-lookupVersion'] = 'ghostVersion'), "schemas/trf/trf.schema.json at /lab.labId/x-lookupVersion: 'ghostVersion' is not a sibling of 'lab.labId'"],
    ['a lookup version its pick does not fill', (b) => delete b.schema.properties.lab.properties.labId['x-lookupFill'].labVersion, "schemas/trf/trf.schema.json at /lab.labId/x-lookupFill: x-lookupFill must fill 'labVersion' from '$version'"],
    ['a server-derived sibling its pick does not fill', (b) => (b.schema.properties.lab.properties.labId['x-lookupDerived'] = ['name', 'ghost']), "schemas/trf/trf.schema.json at /lab.labId/x-lookupDerived: 'ghost' is not filled by x-lookupFill"],
    ['a lookup told of a field the document does not have', (b) => (b.schema.properties.samples.items.properties.materialId['x-lookupContext'].buyer = 'buyer.ghost'), "schemas/trf/trf.schema.json at /samples.materialId/x-lookupContext/buyer: 'buyer.ghost' is not a field of the document"],
    ['a share rule naming a missing account field', (b) => (b.entity.access.shareWith[0].account = 'buyer.ghost'), "schemas/trf/trf.entity.json at /access/shareWith/0/account: 'buyer.ghost' is not a field"],
    ['an export column naming a missing field', (b) => (b.views.list.export.columns = [{ field: 'ghost' }]), "schemas/trf/trf.views.json at /list/export/columns/0/field: 'ghost' is not a field"],
    ['an export over a huge number of rows', (b) => (b.views.list.export.maxRows = 1_000_000), 'schemas/trf/trf.views.json at /list/export/maxRows: must be <= 100000'],
    ['a files export of a field that holds no files', (b) => (b.views.list.exportFiles = { field: 'remark', maxFiles: 20 }), "schemas/trf/trf.views.json at /list/exportFiles/field: 'remark' is not an upload field"],
    ['an import keyed by a missing field', (b) => (b.views.list.import = { format: 'xlsx', maxRows: 500, key: ['ghost'] }), "schemas/trf/trf.views.json at /list/import/key/0: 'ghost' is not a field"],
    ['an import keyed by a list', (b) => (b.views.list.import = { format: 'xlsx', maxRows: 500, key: ['samples'] }), "schemas/trf/trf.views.json at /list/import/key/0: 'samples' is not a top-level text or number field"],
    ['an import over a huge number of rows', (b) => (b.views.list.import = { format: 'xlsx', maxRows: 100_000 }), 'schemas/trf/trf.views.json at /list/import/maxRows: must be <= 5000'],
    ['a variant the variant field does not hold', (b) => (b.views.variants.xyz = b.views.variants.afl), "schemas/trf/trf.views.json at /variants/xyz: 'xyz' is not a value of the variant field 'variant'"],
    ['a variant route the entity has already', (b) => (b.views.variants.afl.routes.detail = '/trf/trfDetail'), "schemas/trf/trf.views.json at /variants/afl/routes/detail: '/trf/trfDetail' is already a route of this entity"],
    ['a variant form naming a nested field', (b) => (b.views.variants.ccl.form.sections[0].fields[0] = 'cclInfo.sampleCount'), "schemas/trf/trf.views.json at /variants/ccl/form/sections/0/fields/0: 'cclInfo.sampleCount' is not a top-level field"],
    ['a gathering into a field the server does not own', (b) => (b.entity.gathers = { entity: 'trf', field: 'remark', where: [{ field: 'buyer.name', equals: 'buyer.name' }], max: 5, empty: { 'zh-CN': '无', 'en-US': 'None' } }), "schemas/trf/trf.entity.json at /gathers/field: 'remark' is written by the server: make it an x-system array field"],
    ['a gathering condition naming a missing field of its own', (b) => ((b.schema.properties.gathered = { type: 'array', items: { type: 'string' }, 'x-system': true }), (b.entity.gathers = { entity: 'trf', field: 'gathered', where: [{ field: 'dueDate', from: 'ghostStart', to: 'dueDate' }], max: 5, empty: { 'zh-CN': '无', 'en-US': 'None' } })), "schemas/trf/trf.entity.json at /gathers/where/0: 'ghostStart' is not a field"],
    ['a variant column sorting where the list does not', (b) => (b.views.variants.ccl.list.columns[2].sortable = true), "schemas/trf/trf.views.json at /variants/ccl/list/columns/2/sortable: 'cclInfo.productCategory' is not sortable in the views' list"],
  ])('%s fails registration naming file and path', (_name, mutate, message) => {
    expect(failure(broken(mutate))).toContain(message);
  });

  it('lists every problem of the bundle, one line each', () => {
    const message = failure(broken((b) => ((b.entity.grants.overlord = []), (b.views.list.columns[2].field = 'ghost'))));
    expect(message.split('\n')).toHaveLength(2);
  });

  it('a misspelt annotation in a standalone form schema fails naming file and path', () => {
    const form = { type: 'object', properties: { email: { type: 'string', 'x-lable': { 'zh-CN': '邮箱', 'en-US': 'Email' } } } };
    expect(() => checkedSchema(form, 'schemas/account/registration.schema.json')).toThrow("schemas/account/registration.schema.json at /properties/email/x-lable: unknown key 'x-lable'");
  });

  it('every declaration file names its meta-schema, so editors complete and flag it', () => {
    for (const bundle of DECLARED_BUNDLES) {
      for (const part of ['entity', 'schema', 'views'] as const) {
        expect((bundle[part] as { $schema?: string }).$schema, bundle.files[part]).toBe(`../_meta/${part}.schema.json`);
      }
    }
  });

  it('the declared bundles as committed pass, and grants name the roles of SPEC §6', () => {
    expect(createRegistry(DECLARED_BUNDLES, machines).list().map((r) => r.name)).toContain('trf');
    expect([...ROLE_NAMES].sort()).toEqual(['agent', 'applicant', 'buyer', 'customerAdmin', 'internalStaff', 'manufacturer', 'supplier']);
  });
});

/** Declared entity mail (docs/declarations.md §4): what the machine emits and what the mail names must be declared. */
describe('a broken entity mail declaration', () => {
  const relationship = DECLARED_BUNDLES.find((b) => b.files.entity === 'schemas/relationship/relationship.entity.json')!;
  const brokenRelationship = (mutate: (entity: Json) => void): DeclaredBundle => {
    const copy = JSON.parse(JSON.stringify(relationship)) as DeclaredBundle & { entity: Json };
    mutate(copy.entity);
    return copy;
  };
  it.each<[string, (e: Json) => void, string]>([
    [
      'a template the machine emits that the entity does not declare',
      (e) => (e.mail = { supplierWelcome: e.mail.relationshipInvited }),
      "schemas/relationship/relationship.entity.json at /lifecycle/machine: machine 'relationship' emits 'sendEmail' in state 'relationship.invited': the template 'relationshipInvited' is not declared in the entity's mail (declared: supplierWelcome)",
    ],
    [
      'a placeholder that is not a document path',
      (e) => (e.mail.relationshipInvited.body['en-US'] = 'Dear {counterpart.ghost},'),
      "schemas/relationship/relationship.entity.json at /mail/relationshipInvited/body/en-US: the placeholder '{counterpart.ghost}' is not a document path of the entity's schema nor one of $companyName",
    ],
    [
      'a recipient field that is not in the schema',
      (e) => (e.mail.relationshipInvited.to[0].field = 'counterpart.mail'),
      "schemas/relationship/relationship.entity.json at /mail/relationshipInvited/to/0/field: 'counterpart.mail' is not a field of the entity's schema",
    ],
    ['a recipient of no known kind', (e) => (e.mail.relationshipInvited.to = { user: 'createdBy' }), 'schemas/relationship/relationship.entity.json at /mail/relationshipInvited/to'],
    [
      'a further list on the shared side of an entity that shares with nobody',
      (e) => ((e.access = { visibility: 'parties' }), (e.actions.ACCEPT.by = undefined), (e.actions.DECLINE.by = undefined)),
      "schemas/relationship/relationship.entity.json at /routes/partyLists/0/party: 'shared' needs access.shareWith",
    ],
    [
      "a further list's column that is not a field",
      (e) => (e.routes.partyLists[0].columns[0].field = 'counterpart.ghost'),
      "schemas/relationship/relationship.entity.json at /routes/partyLists/0/columns/0/field: 'counterpart.ghost' is not a field of the schema nor a system field",
    ],
    [
      "a further list's column sorted where the views' list does not sort it",
      (e) => Object.assign(e.routes.partyLists[0].columns[0], { field: 'counterpart.contactEmail', sortable: true }),
      "schemas/relationship/relationship.entity.json at /routes/partyLists/0/columns/0/sortable: 'counterpart.contactEmail' is not sortable in the views' list",
    ],
    [
      'a list variant with a work list but no name',
      (e) => Object.assign(e.routes.partyLists[0], { todo: { actions: ['ACCEPT'] } }),
      'schemas/relationship/relationship.entity.json at /routes/partyLists/0/name: a list with todo, states, where or filters needs a name',
    ],
    [
      "a list variant's state the machine does not have",
      (e) => Object.assign(e.routes.partyLists[0], { name: 'mine', states: { $status: ['ghost'] } }),
      "schemas/relationship/relationship.entity.json at /routes/partyLists/0/states/$status/0: 'ghost' is not a state of '$status'",
    ],
    [
      "a list variant's condition on a field the views' list does not filter",
      (e) => Object.assign(e.routes.partyLists[0], { name: 'mine', where: [{ field: 'remark', op: 'eq', value: 'x' }] }),
      "schemas/relationship/relationship.entity.json at /routes/partyLists/0/where/0/field: 'remark' is not a filter of the views' list",
    ],
    [
      'a further list in an undeclared menu group',
      (e) => (e.routes.partyLists[0].menu.group = 'ghost'),
      "schemas/relationship/relationship.entity.json at /routes/partyLists/0/menu/group: 'ghost' is not a group of schemas/_menu/menu.json",
    ],
  ])('%s fails registration naming file and path', (_name, mutate, message) => {
    expect(failure(brokenRelationship(mutate))).toContain(message);
  });
});

/** The roles and posts of schemas/_access/ are checked like the entities: file and JSON path of each problem. */
describe('a broken access declaration', () => {
  const brokenAccess = (mutate: (a: { roles: Json; posts: Json }) => void) => {
    const copy = JSON.parse(JSON.stringify({ roles: rolesFile, posts: postsFile })) as { roles: Json; posts: Json };
    mutate(copy);
    try {
      checkedAccess({ files: ACCESS_FILES, ...copy });
    } catch (err) {
      expect(err).toBeInstanceOf(DeclarationError);
      return (err as Error).message;
    }
    throw new Error('the broken access declaration was accepted');
  };

  it.each<[string, (a: { roles: Json; posts: Json }) => void, string]>([
    ['a misspelt key of a role', (a) => (a.roles.roles.buyer.permisions = ['form:list']), "schemas/_access/roles.json at /roles/buyer/permisions: unknown key 'permisions'"],
    ['a role without a marker', (a) => delete a.roles.roles.buyer.markedBy, "schemas/_access/roles.json at /roles/buyer: must have required property 'markedBy'"],
    ['a marker naming an unknown flag', (a) => (a.roles.roles.customerAdmin.markedBy = { flag: 'isBoss' }), 'schemas/_access/roles.json at /roles/customerAdmin/markedBy/flag: must be equal to one of the allowed values'],
    ['a role code that is not area:verb', (a) => a.roles.roles.buyer.buttons.push('delete everything'), 'schemas/_access/roles.json at /roles/buyer/buttons/3: must match pattern'],
    ['a post label without a language', (a) => delete a.posts.posts.finance.label['zh-CN'], "schemas/_access/posts.json at /posts/finance/label: must have required property 'zh-CN'"],
    ['a misspelt key of a post', (a) => (a.posts.posts.finance.buttonz = []), "schemas/_access/posts.json at /posts/finance/buttonz: unknown key 'buttonz'"],
    ['a misspelt top-level key', (a) => ((a.posts.post = a.posts.posts), delete a.posts.posts), "schemas/_access/posts.json at /post: unknown key 'post'"],
  ])('%s fails at start naming file and path', (_name, mutate, message) => {
    expect(brokenAccess(mutate)).toContain(message);
  });

  it('the access declarations as committed pass and name their meta-schemas', () => {
    expect(Object.keys(checkedAccess({ files: ACCESS_FILES, roles: rolesFile, posts: postsFile }).posts)).toEqual(['trfSubmitter', 'reportReviewer', 'finance', 'viewer']);
    expect(rolesFile.$schema).toBe('../_meta/roles.schema.json');
    expect(postsFile.$schema).toBe('../_meta/posts.schema.json');
  });
});
