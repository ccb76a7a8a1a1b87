// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { createStaticRegistry, deriveFormSections, type Language } from '../../../engine/index.ts';
import { FormSection } from '../../../renderers/form/FormSection.tsx';
import { validateDocument } from '../../../renderers/form/save-errors.ts';
import { EnvProviders } from './render-env.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const document_ = createStaticRegistry().get('document');
const pdf = { fileId: 'f-1', fileName: 'guide.pdf', contentType: 'application/pdf', size: 256 };
const both = { name: 'Guide', theme: 'guide', productLine: 'softlines', url: 'https://www.sgs.com/a', attachment: [pdf] };

/** Renders the document form's sections with the data and returns what the form reported and showed. */
async function formWith(lang: Language, formData: Record<string, unknown>) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const reported: Record<string, unknown>[] = [];
  for (const section of deriveFormSections(document_, lang, new Set(Object.keys(document_.schema.properties)))) {
    act(() =>
      root.render(
        <EnvProviders lang={lang}>
          <FormSection section={section} formData={formData} onChange={(_, d) => reported.push(d)} />
        </EnvProviders>,
      ),
    );
    // The form draws its fields a few per frame: wait until the attachment's file shows.
    for (let i = 0; i < 200 && !host.textContent?.includes(pdf.fileName); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
  }
  const text = host.textContent ?? '';
  act(() => root.unmount());
  return { reported, text };
}

/** Issue 53 item 4: a document with both a URL and a PDF keeps both in the form and is refused before it is sent. */
describe('a document given both a URL and a PDF, in the form', () => {
  for (const [lang, message] of [
    ['en-US', 'Attachment: Give a URL or an attachment, not both'],
    ['zh-CN', '附件: 链接与附件只能二选一'],
  ] as const) {
    it(`keeps the PDF on screen and in the data, and the save check names the field (${lang})`, async () => {
      const { reported, text } = await formWith(lang, both);
      expect(text).toContain(pdf.fileName);
      // Whatever the form reports keeps the file: nothing is dropped behind the user's back.
      for (const data of reported) expect(data.attachment).toEqual([pdf]);
      expect(validateDocument(document_, both, false, lang).map((e) => [e.field, e.message])).toEqual([['attachment', message]]);
      expect(validateDocument(document_, { ...both, url: undefined }, false, lang)).toEqual([]);
    });
  }
});
