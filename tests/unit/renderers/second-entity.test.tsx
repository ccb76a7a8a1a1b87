import { describe, expect, it } from 'vitest';
import { LANGUAGES, fieldLabel, text } from '../../../engine/index.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';
import { DetailHeader } from '../../../renderers/detail/DetailHeader.tsx';
import { DetailSections } from '../../../renderers/detail/DetailSections.tsx';
import { EntityForm } from '../../../renderers/form/EntityForm.tsx';
import { gadgetBundle, gadgetRecord, gadgetRegistry } from './gadget-fixture.ts';
import { renderWithEnv, translator, visibleText } from './render-env.tsx';

/**
 * The renderers hold no TRF-specific code: a second entity, declared the same way, gets its own
 * list columns, detail sections, form sections and field labels, actions and state labels, in
 * both languages — straight from its declarations.
 */
const reg = gadgetRegistry();
const everything = {
  'gadget:list': true,
  'gadget:read': true,
  'gadget:create': true,
  'gadget:update': true,
  'gadget:retire': true,
} as const;
const label = (key: string, lang: (typeof LANGUAGES)[number]) => fieldLabel(gadgetBundle.schema.properties[key], lang, key);

describe.each(LANGUAGES)('a second entity rendered in %s', (lang) => {
  it('list: the declared columns and filters, with their labels, and New for a creator', () => {
    const html = visibleText(renderWithEnv(<EntityList reg={reg} search={new URLSearchParams()} onSearchChange={() => undefined} />, lang, everything));
    for (const key of ['code', 'colour', 'madeOn', 'fragile']) expect(html).toContain(label(key, lang));
    expect(html).toContain(fieldLabel(gadgetBundle.schema.properties.maker?.properties?.name, lang));
    expect(html).toContain(text(gadgetBundle.entity.label, lang));
    expect(html).toContain(translator(lang)('list.new'));
    expect(html).not.toMatch(/trf|申请单/i);
  });

  it('list: no New button without the create permission', () => {
    const html = visibleText(renderWithEnv(<EntityList reg={reg} search={new URLSearchParams()} onSearchChange={() => undefined} />, lang, { 'gadget:list': true }));
    expect(html).not.toContain(translator(lang)('list.new'));
  });

  it('detail: section titles, field labels, values by kind, state tag and the available action', () => {
    const html = visibleText(
      renderWithEnv(
        <>
          <DetailHeader reg={reg} record={gadgetRecord} history={[]} onRecord={() => undefined} reload={() => undefined} />
          <DetailSections reg={reg} record={gadgetRecord} />
        </>,
        lang,
        everything,
      ),
    );
    for (const section of gadgetBundle.views.detail.sections) expect(html).toContain(text(section.label, lang));
    for (const key of ['code', 'colour', 'weight', 'madeOn', 'fragile', 'maker', 'parts', 'notes']) expect(html).toContain(label(key, lang));
    expect(html).toContain('GX-42');
    expect(html).toContain(lang === 'zh-CN' ? '青色' : 'Deep teal');
    expect(html).toContain(lang === 'zh-CN' ? '是' : 'Yes');
    expect(html).toContain(lang === 'zh-CN' ? '在用' : 'In service');
    expect(html).toContain(lang === 'zh-CN' ? '使用状态' : 'Service state');
    expect(html).toContain('Acme Widgets');
    expect(html).toContain(lang === 'zh-CN' ? '零件号' : 'Part number');
    expect(html).toContain(lang === 'zh-CN' ? '停用' : 'Retire');
    expect(html).not.toContain(lang === 'zh-CN' ? '重新启用' : 'Bring back');
    expect(html).toContain(translator(lang)('detail.edit'));
  });

  it('form: a new record shows every declared section and field label, in its machine’s initial state', () => {
    const html = visibleText(renderWithEnv(<EntityForm reg={reg} />, lang, everything));
    for (const section of gadgetBundle.views.form.sections) expect(html).toContain(text(section.label, lang));
    for (const key of ['code', 'colour', 'weight', 'madeOn', 'fragile', 'maker', 'parts', 'notes']) expect(html).toContain(label(key, lang));
    expect(html).toContain(translator(lang)('form.newTitle', { entity: text(gadgetBundle.entity.label, lang) }));
    expect(html).toContain(translator(lang)('form.saveDraft'));
  });
});
