import { describe, expect, it } from 'vitest';
import { EntityRegistry, LANGUAGES, type TemplateBundle, type UiSchema } from '../../../engine/index.ts';
import { FieldValue } from '../../../renderers/format/FieldValue.tsx';
import { refUiTemplate } from '../../fixtures/ref-ui-template.ts';
import { renderWithEnv, visibleText } from './render-env.tsx';

/**
 * Issue 21: the declared uiSchema applies inside a detail value too — a table's cells (a list of
 * objects) and an object's fields: `ui:title` names the column or field, `ui:widget: hidden` leaves it out.
 */
const bundle = refUiTemplate('nestedUiDetail');
const uiSchema: UiSchema = {
  ...bundle.uiSchema,
  people: { items: { name: { 'ui:title': 'Full name' }, home: { 'ui:widget': 'hidden' } } },
  contact: { city: { 'ui:title': 'Town' } },
};
const withUi: TemplateBundle = { ...bundle, uiSchema };
const reg = new EntityRegistry({}).registerVersion(withUi, 1);
const people = [{ name: 'Ann', role: 'lead', home: { city: 'Paris' } }];

describe.each(LANGUAGES)('nested uiSchema on the detail page in %s', (lang) => {
  it('titles a table column by ui:title and leaves a hidden one out', () => {
    const html = visibleText(renderWithEnv(<FieldValue reg={reg} field="people" kind="array" node={reg.schema.properties.people} value={people} />, lang, {}));
    expect(html).toContain('Full name');
    expect(html).toContain('Ann');
    expect(html).toContain('lead');
    expect(html).not.toContain('Paris');
    expect(html).not.toContain(lang === 'zh-CN' ? '住址' : 'Home');
  });

  it('titles an object’s field by ui:title', () => {
    const html = visibleText(renderWithEnv(<FieldValue reg={reg} field="tree" kind="object" node={reg.schema.properties.tree} value={{ label: 'root' }} />, lang, {}));
    expect(html).toContain('root');
    const contact = { type: 'object', properties: { city: { type: 'string' } } } as const;
    const cityBundle: TemplateBundle = { ...withUi, schema: { ...bundle.schema, properties: { ...bundle.schema.properties, contact } } };
    const withCity = new EntityRegistry({}).registerVersion(cityBundle, 1);
    const shown = visibleText(renderWithEnv(<FieldValue reg={withCity} field="contact" kind="object" node={withCity.schema.properties.contact} value={{ city: 'Rome' }} />, lang, {}));
    expect(shown).toContain('Town');
    expect(shown).toContain('Rome');
  });
});
