import { describe, expect, it } from 'vitest';
import { checkedSchema, createRegistry, DeclarationError, ROLE_NAMES, type DeclaredBundle } from '../../../engine/index.ts';
import { DECLARED_BUNDLES } from '../../../engine/generated/declarations.ts';
import { machines } from '../../../workflows/index.ts';
import { ROLES } from '../../../server/auth/roles.ts';

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
    ['a column naming a missing field', (b) => (b.views.list.columns[1].field = 'ghost'), "schemas/trf/trf.views.json at /list/columns/1/field: 'ghost' is not a field of schemas/trf/trf.schema.json"],
    ['a detail section naming a missing field', (b) => b.views.detail.sections[0].fields.push('buyer.ghost'), "schemas/trf/trf.views.json at /detail/sections/0/fields/"],
    ['a form section naming a nested field', (b) => (b.views.form.sections[0].fields[0] = 'buyer.name'), "schemas/trf/trf.views.json at /form/sections/0/fields/0: 'buyer.name' is not a top-level field"],
    ['a range filter on a text field', (b) => b.views.list.filters.push({ field: 'trfNo', op: 'range' }), "'range' does not apply to the text field 'trfNo'"],
    ['an action naming a missing machine event', (b) => (b.entity.actions.FLY = b.entity.actions.SUBMIT), "schemas/trf/trf.entity.json at /actions/FLY: 'FLY' is not an event of machine 'trf'"],
    ['a machine event without an action', (b) => delete b.entity.actions.SUBMIT, "schemas/trf/trf.entity.json at /actions: machine 'trf' has the event 'SUBMIT', which has no action"],
    ['a machine missing from workflows/', (b) => (b.entity.lifecycle.machine = 'ghost'), "schemas/trf/trf.entity.json at /lifecycle/machine: machine 'ghost' is not in workflows/"],
    ['a machine that invokes an actor', (b) => (b.entity.lifecycle.machine = 'paymentOrder'), "schemas/trf/trf.entity.json at /lifecycle/machine: machine 'paymentOrder' invokes"],
    ['a machine that declares an effect', (b) => (b.entity.lifecycle.machine = 'invoice'), "schemas/trf/trf.entity.json at /lifecycle/machine: machine 'invoice' emits 'paymentRecorded' in state 'invoice.toBePaid': the server has no handler for an entity's 'paymentRecorded' effect"],
    ['a region missing from the machine', (b) => (b.entity.lifecycle.regions.$status = 'mood'), "schemas/trf/trf.entity.json at /lifecycle/regions/$status: machine 'trf' has no region 'mood'"],
    ['a grant naming an unknown role', (b) => (b.entity.grants.overlord = ['trf:list']), "schemas/trf/trf.entity.json at /grants/overlord: 'overlord' is not a role"],
    ['a grant naming a code the entity does not declare', (b) => (b.entity.grants.buyer = ['trf:fly']), "schemas/trf/trf.entity.json at /grants/buyer/0: 'trf:fly' is not a permission this entity declares"],
    ['numbering into a missing field', (b) => (b.entity.numbering.field = 'ghostNo'), "schemas/trf/trf.entity.json at /numbering/field: 'ghostNo' is not a top-level field"],
  ])('%s fails registration naming file and path', (_name, mutate, message) => {
    expect(failure(broken(mutate))).toContain(message);
  });

  it('lists every problem of the bundle, one line each', () => {
    const message = failure(broken((b) => ((b.entity.grants.overlord = []), (b.views.list.columns[1].field = 'ghost'))));
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

  it('the declared bundles as committed pass, and the roles grants may name are the server roles', () => {
    expect(createRegistry(DECLARED_BUNDLES, machines).list().map((r) => r.name)).toContain('trf');
    expect([...ROLE_NAMES].sort()).toEqual(Object.keys(ROLES).sort());
  });
});
