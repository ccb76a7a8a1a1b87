import { describe, expect, it } from 'vitest';
import { checkTemplate, EntityRegistry, isRequiredIn, TEMPLATE_RECORD_PERMISSIONS, visibilityRuleFor, visibilityRules, type TemplateBundle } from '../../../engine/index.ts';
import { machines } from '../../../workflows/index.ts';
import { createDesignerStore } from '../../../renderers/designer/designer-store.ts';
import { groupAbove, moveIntoGroupAbove, moveOutOfGroup } from '../../../renderers/designer/canvas-dnd.ts';
import { conditionValue, controllingFields } from '../../../renderers/designer/ConditionEditor.tsx';
import { holderAt, nodeAt, type Node } from '../../../renderers/designer/schema-tree.ts';

const L = { 'zh-CN': '字段', 'en-US': 'Field' };
const empty = (): TemplateBundle => ({
  entity: { name: 'condForm', label: { 'zh-CN': '条件', 'en-US': 'Conditions' }, titleField: '$id', permissions: { ...TEMPLATE_RECORD_PERMISSIONS }, routes: { list: '/form/condForm/list', detail: '/form/condForm/detail', form: '/form/condForm/form' } },
  schema: { $id: 'https://portico.dev/templates/condForm/v1.json', type: 'object', properties: {} },
  views: { list: { columns: [], filters: [], defaultSort: { field: '$createdAt', order: 'desc' } }, detail: { sections: [] }, form: { sections: [] } },
});

/** A select (select1: option1/option2) controlling a text (text1). */
function withTwoFields() {
  const s = createDesignerStore({ bundle: empty(), renames: {} });
  s.getState().add('select', [], L);
  s.getState().add('text', [], L);
  return s;
}
const root = (s: ReturnType<typeof withTwoFields>) => s.getState().doc.bundle.schema;

describe('conditional visibility in the designer store', () => {
  it('writes "show text1 when select1 = option2" as a standard if/then rule the template check and ajv accept', () => {
    const s = withTwoFields();
    s.getState().setRequired(['text1'], true);
    expect(s.getState().setCondition(['text1'], { field: 'select1', value: 'option2' })).toBe(true);
    expect(root(s).allOf).toEqual([
      { if: { properties: { select1: { const: 'option2' } }, required: ['select1'] }, then: { properties: { text1: {} }, required: ['text1'] } },
    ]);
    // Required moved into the branch: required only while shown.
    expect(root(s).required).toBeUndefined();
    expect(isRequiredIn(root(s) as Node, 'text1')).toBe(true);
    expect(checkTemplate(s.getState().doc.bundle, 'en-US')).toEqual([]);
    const reg = new EntityRegistry(machines).registerVersion(s.getState().doc.bundle, 1);
    expect(reg.validate({ select1: 'option1' })).toBe(true);
    expect(reg.validate({ select1: 'option2' })).toBe(false);
    expect(reg.validate({ select1: 'option2', text1: 'x' })).toBe(true);
  });

  it('undoes and redoes setting and clearing a condition', () => {
    const s = withTwoFields();
    s.getState().setCondition(['text1'], { field: 'select1', value: 'option1' });
    s.getState().setCondition(['text1'], { field: 'select1', value: 'option2' });
    expect(visibilityRuleFor(root(s), 'text1')?.when.value).toBe('option2');
    s.getState().undo();
    expect(visibilityRuleFor(root(s), 'text1')?.when.value).toBe('option1');
    s.getState().undo();
    expect(root(s).allOf).toBeUndefined();
    s.getState().redo();
    s.getState().redo();
    expect(visibilityRuleFor(root(s), 'text1')?.when.value).toBe('option2');
    s.getState().setCondition(['text1'], undefined);
    expect(root(s).allOf).toBeUndefined();
    s.getState().undo();
    expect(visibilityRuleFor(root(s), 'text1')?.when).toEqual({ field: 'select1', value: 'option2' });
  });

  it('clearing a condition keeps the required flag as a plain required field', () => {
    const s = withTwoFields();
    s.getState().setCondition(['text1'], { field: 'select1', value: 'option1' });
    s.getState().setRequired(['text1'], true);
    expect(visibilityRuleFor(root(s), 'text1')?.required).toBe(true);
    s.getState().setCondition(['text1'], undefined);
    expect(root(s).required).toEqual(['text1']);
  });

  it('refuses itself, unknown fields and cycles; the panel offers only fields that can control', () => {
    const s = withTwoFields();
    expect(s.getState().setCondition(['text1'], { field: 'text1', value: 'x' })).toBe(false);
    expect(s.getState().setCondition(['text1'], { field: 'nope', value: 'x' })).toBe(false);
    s.getState().setCondition(['text1'], { field: 'select1', value: 'option1' });
    expect(s.getState().setCondition(['select1'], { field: 'text1', value: 'a' })).toBe(false);
    expect(controllingFields(root(s) as Node, 'select1')).toEqual([]);
    expect(s.getState().past).toHaveLength(3);
  });

  it('follows renames and drops the rule when either field is removed', () => {
    const s = withTwoFields();
    s.getState().setCondition(['text1'], { field: 'select1', value: 'option1' });
    s.getState().renameKey(['select1'], 'kind');
    s.getState().renameKey(['text1'], 'detail');
    expect(visibilityRules(root(s))).toEqual([{ field: 'detail', when: { field: 'kind', value: 'option1' }, required: false }]);
    s.getState().remove(['kind']);
    expect(root(s).allOf).toBeUndefined();
  });

  it("follows a renamed option of the controlling field and goes with a removed one", () => {
    const s = withTwoFields();
    s.getState().setCondition(['text1'], { field: 'select1', value: 'option2' });
    s.getState().update(['select1'], { enum: ['option1', 'wool'] });
    expect(visibilityRuleFor(root(s), 'text1')?.when.value).toBe('wool');
    s.getState().update(['select1'], { enum: ['option1'] });
    expect(root(s).allOf).toBeUndefined();
  });

  it('works inside a section (the rule sits on the section object)', () => {
    const s = createDesignerStore({ bundle: empty(), renames: {} });
    s.getState().add('section', [], L);
    s.getState().add('switch', ['section1'], L);
    s.getState().add('text', ['section1'], L);
    s.getState().setCondition(['section1', 'text1'], { field: 'switch1', value: true });
    const section = nodeAt(s.getState().doc.bundle, ['section1'])!;
    expect(visibilityRuleFor(section, 'text1')?.when).toEqual({ field: 'switch1', value: true });
    expect(root(s).allOf).toBeUndefined();
    // Moving the field out of the section drops the rule (its controlling field stays behind).
    moveOutOfGroup(s.getState(), ['section1', 'text1']);
    expect(nodeAt(s.getState().doc.bundle, ['section1'])!.allOf).toBeUndefined();
    expect(Object.keys(root(s).properties)).toEqual(['section1', 'text1']);
  });

  it('converts typed values to the controlling field type', () => {
    expect(conditionValue({ type: 'integer' } as Node, '12')).toBe(12);
    expect(conditionValue({ type: 'integer' } as Node, 'x')).toBeUndefined();
    expect(conditionValue({ type: 'boolean' } as Node, 'false')).toBe(false);
    expect(conditionValue({ type: 'string' } as Node, 'red')).toBe('red');
  });
});

describe('per-state editability and read-only versions', () => {
  it('writes x-editableIn (undoable) and removes it when no state is chosen', () => {
    const s = withTwoFields();
    s.getState().setEditableIn(['text1'], ['draft', 'returned']);
    expect(nodeAt(s.getState().doc.bundle, ['text1'])!['x-editableIn']).toEqual(['draft', 'returned']);
    s.getState().setEditableIn(['text1'], []);
    expect(nodeAt(s.getState().doc.bundle, ['text1'])!['x-editableIn']).toBeUndefined();
    s.getState().undo();
    expect(nodeAt(s.getState().doc.bundle, ['text1'])!['x-editableIn']).toEqual(['draft', 'returned']);
  });

  it('a published version refuses every edit, undo and redo', () => {
    const s = withTwoFields();
    const { doc } = s.getState();
    s.getState().load(doc, new Set(), true);
    const before = s.getState().doc;
    expect(s.getState().add('text', [], L)).toBeUndefined();
    expect(s.getState().setCondition(['text1'], { field: 'select1', value: 'option1' })).toBe(false);
    s.getState().setRequired(['text1'], true);
    s.getState().update(['text1'], { maxLength: 5 });
    s.getState().setEditableIn(['text1'], ['draft']);
    s.getState().remove(['text1']);
    s.getState().renameKey(['text1'], 'other');
    expect(s.getState().move(['text1'], [], 0)).toBeUndefined();
    s.getState().replace({ ...doc, renames: { a: 'b' } });
    s.getState().undo();
    expect(s.getState().doc).toBe(before);
    expect(s.getState().past).toHaveLength(0);
  });
});

describe('keyboard alternatives to dragging into and out of groups', () => {
  it('moves a field into the group above it and back out after the group', () => {
    const s = createDesignerStore({ bundle: empty(), renames: {} });
    s.getState().add('section', [], L);
    s.getState().add('text', [], L);
    expect(groupAbove(s.getState(), ['text1'])).toEqual(['section1']);
    expect(groupAbove(s.getState(), ['section1'])).toBeUndefined();
    expect(moveIntoGroupAbove(s.getState(), ['text1'])).toEqual(['section1', 'text1']);
    expect(Object.keys(holderAt(s.getState().doc.bundle, ['section1'])!.properties!)).toEqual(['text1']);
    s.getState().undo();
    expect(Object.keys(root(s).properties)).toEqual(['section1', 'text1']);
    s.getState().redo();
    expect(moveOutOfGroup(s.getState(), ['section1', 'text1'])).toEqual(['text1']);
    expect(Object.keys(root(s).properties)).toEqual(['section1', 'text1']);
  });
});
