// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import Form from '@rjsf/antd';
import { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, type ObjectFieldTemplateProps, type RJSFSchema, type Registry, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { DerivedFormSection } from '../../../../engine/index.ts';
import { FormSection } from '../../../../renderers/form/FormSection.tsx';
import { FIRST_RENDER_FIELDS, GridObjectFieldTemplate, SPEED_TEMPLATES, useDrawnCount } from '../../../../renderers/form/speed/index.ts';
import { onFakeClock, paint, render } from './speed-fixture.tsx';

const FIELDS = 30;
const names = Array.from({ length: FIELDS }, (_, i) => `f${i + 1}`);
const longSection: DerivedFormSection = {
  id: 'long',
  title: 'Long',
  columns: 2,
  fields: [...names, 'secret'],
  schema: { $id: 'speed-long', type: 'object', properties: { ...Object.fromEntries(names.map((n) => [n, { type: 'string', title: n }])), secret: { type: 'string' } } },
  uiSchema: { secret: { 'ui:widget': 'hidden' } },
};

/** The grid cell a field's input sits in: the cell's span is its `grid-column`. */
const cellOf = (el: Element) => el.closest('fieldset > div > div') as HTMLElement;

describe('the grid object template', () => {
  onFakeClock();

  it("draws a form's first fields in its first render and the rest after the first paint", () => {
    const view = render(<FormSection section={longSection} formData={{}} onChange={() => undefined} />);
    const drawn = () => names.filter((n) => view.container.querySelector(`#root_${n}`)).length;
    expect(drawn()).toBe(FIRST_RENDER_FIELDS);
    expect(view.container.querySelector('[data-fields-pending]')).not.toBeNull();
    paint();
    expect(drawn()).toBe(FIELDS);
    expect(view.container.querySelector('[data-fields-pending]')).toBeNull();
    // A field whose widget is `hidden` takes no cell.
    expect(view.container.querySelector('#root_secret')).toBeNull();
    view.unmount();
  });

  it("spans each field by its widget, field or type from the object's schema and uiSchema, extra properties included", () => {
    const schema: RJSFSchema = {
      type: 'object',
      definitions: { note: { type: 'string' } },
      properties: { name: { type: 'string' }, notes: { $ref: '#/definitions/note' }, when: { type: 'string' }, group: { type: 'object', properties: { x: { type: 'string' } } } },
      additionalProperties: { type: 'string' },
    };
    const uiSchema: UiSchema = { notes: { 'ui:widget': 'textarea' }, when: { 'ui:field': 'StringField' }, additionalProperties: { 'ui:widget': 'textarea' } };
    const formContext = { colSpan: { string: 8, textarea: 24, object: 24, StringField: 6 } };
    const view = render(<Form tagName="div" schema={schema} uiSchema={uiSchema} formData={{ extra: 'x' }} validator={validator} templates={SPEED_TEMPLATES} formContext={formContext} />);
    paint();
    const span = (id: string) => cellOf(view.container.querySelector(`#${id}`)!).style.gridColumn;
    expect(span('root_name')).toBe('span 8');
    expect(span('root_notes')).toBe('span 24');
    expect(span('root_when')).toBe('span 6');
    expect(span('root_group')).toBe('span 24');
    expect(cellOf(view.container.querySelector('[id="root_extra"]')!).style.gridColumn).toBe('span 24');
    view.unmount();
  });

  it("places each property's content as given, reading nothing from the element RJSF rendered", () => {
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'string' } } } };
    const registry: Registry = { ...getDefaultRegistry(), formContext: { colSpan: { string: 12 } }, schemaUtils: createSchemaUtils(validator, schema) };
    const props = {
      schema,
      uiSchema: {},
      registry,
      fieldPathId: { $id: 'root', path: ['nested'] },
      title: '',
      properties: [
        // Plain elements: no schema or uiSchema among their props.
        { name: 'a', content: <i id="a" />, hidden: false },
        { name: 'b', content: <i id="b" />, hidden: false },
        { name: 'c', content: <i id="c" />, hidden: true },
      ],
      onAddProperty: () => undefined,
    } as unknown as ObjectFieldTemplateProps;
    const view = render(<GridObjectFieldTemplate {...props} />);
    expect(cellOf(view.container.querySelector('#a')!).style.gridColumn).toBe('span 12');
    // Not in colSpan: a list takes the whole row.
    expect(cellOf(view.container.querySelector('#b')!).style.gridColumn).toBe('span 24');
    expect(view.container.querySelector('#c')).toBeNull();
    view.unmount();
  });
});

function Drawn({ total, progressive }: { total: number; progressive: boolean }) {
  return <output>{useDrawnCount(total, progressive)}</output>;
}

describe('useDrawnCount', () => {
  onFakeClock();

  it('draws everything at once for a nested object or a short one', () => {
    const view = render(
      <>
        <Drawn total={40} progressive={false} />
        <Drawn total={FIRST_RENDER_FIELDS} progressive />
      </>,
    );
    expect([...view.container.querySelectorAll('output')].map((o) => o.textContent)).toEqual(['40', String(FIRST_RENDER_FIELDS)]);
    expect(vi.getTimerCount()).toBe(0);
    view.unmount();
  });

  it('cancels its pending frame or timeout when unmounted before drawing the rest', () => {
    const first = render(<Drawn total={40} progressive />);
    expect(first.container.textContent).toBe(String(FIRST_RENDER_FIELDS));
    expect(vi.getTimerCount()).toBe(1); // the frame
    first.unmount();
    expect(vi.getTimerCount()).toBe(0);

    const second = render(<Drawn total={40} progressive />);
    vi.advanceTimersToNextFrame(); // now the timeout after the frame is pending
    expect(vi.getTimerCount()).toBe(1);
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
