import { describe, expect, it } from 'vitest';
import { STATIC_BUNDLES } from '../../../engine/index.ts';
import { linkProblems as problems, withChanged, type Json } from './linked-checks.ts';

/**
 * `access.readGrants` and `access.parent.closed` name other entities' fields: checked once every
 * entity is registered, each problem with its file and JSON path (docs/declarations.md §3).
 */
describe('read grants and closed parents, checked across entities', () => {
  it('accepts the declared document library and training enrolments', () => {
    expect(problems([...STATIC_BUNDLES])).toBe('');
  });

  it.each<[string, string, (b: { entity: Json; schema: Json }) => void, string]>([
    ['an unknown source entity', 'document', (b) => (b.entity.access.readGrants.sources[0].entity = 'ghost'), "schemas/document/document.entity.json at /access/readGrants/sources/0/entity: 'ghost' is not a registered entity"],
    ['a target that is no lookup of the entity', 'document', (b) => (b.entity.access.readGrants.sources[0].target = 'remark'), "at /access/readGrants/sources/0/target: 'remark' must be an 'entity:document' lookup"],
    ['a missing target field', 'document', (b) => (b.entity.access.readGrants.sources[1].target = 'ghost'), "at /access/readGrants/sources/1/target: 'ghost' is not a top-level field of documentShare"],
    ['an audience that is not a text field', 'document', (b) => (b.entity.access.readGrants.sources[0].accounts = 'ghost'), "at /access/readGrants/sources/0/accounts: 'ghost' must be a top-level text field or array of text of documentAuthorization"],
    ['a period that is not a date', 'document', (b) => (b.entity.access.readGrants.sources[0].to = 'remark'), "at /access/readGrants/sources/0/to: 'remark' must be a top-level date field of documentAuthorization"],
    ['a title-only flag that is not a boolean', 'document', (b) => (b.entity.access.readGrants.titleOnly = 'name'), "at /access/readGrants/titleOnly: 'name' must be a top-level boolean field of document"],
    ['a source naming nobody that does not restrict', 'document', (b) => delete b.entity.access.readGrants.sources[1].companies, 'at /access/readGrants/sources/1/entity: a source names companies, customer groups or accounts, or restricts'],
    ['a closed state of an unknown lifecycle field', 'trainingEnrolment', (b) => (b.entity.access.parent.closed.states = { $status: ['complete'] }), "schemas/trainingEnrolment/trainingEnrolment.entity.json at /access/parent/closed/states/$status: '$status' is not a lifecycle field of 'trainingClass' (fields: $publication, $schedule)"],
  ])('refuses %s', (_, name, mutate, message) => {
    expect(problems(withChanged(name, mutate))).toContain(message);
  });
});
