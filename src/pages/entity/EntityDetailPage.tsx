import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { text } from '../../../engine/i18n/labels.ts';
import { recordTitle } from '../../../engine/derive/fields.ts';
import { variantOf, variantRegistration } from '../../../engine/derive/variants.ts';
import { EntityDetail } from '../../../renderers/detail/EntityDetail.tsx';
import { useLanguage } from '../../i18n/language-store.ts';
import { inEachLanguage, usePageTitle } from '../../routes/page-title.ts';
import type { Language } from '../../../engine/declaration/types.ts';
import { DffDetail } from './DffDetail.tsx';
import { ToListWithMessage } from './ToListWithMessage.tsx';
import { detailExtensionsOf } from '../extensions/page-extensions.tsx';
import { ChildLists } from '../../../renderers/detail/ChildLists.tsx';
import { BelongingRecords } from '../../../renderers/detail/BelongingRecords.tsx';
import { useRegistry } from '../../registry/registry.ts';
import { ChatPanel } from '../../chat/ChatPanel.tsx';

/** Tells the page the record's title (its number) once the record is shown. */
function RecordTitle({ value, onTitle }: { value: string; onTitle(title: string): void }) {
  useEffect(() => onTitle(value), [value, onTitle]);
  return null;
}

/** A record of a variant opened on another page of its entity moves to its variant's detail page (its own sections). */
function VariantHome({ reg, record }: { reg: RegisteredEntity; record: { id: string; doc: Record<string, unknown> } }) {
  const navigate = useNavigate();
  const variant = variantOf(reg, record.doc);
  const home = variant ? variantRegistration(reg, variant).entity.routes.detail : reg.entity.routes.detail;
  useEffect(() => {
    if (home !== reg.entity.routes.detail) void navigate(`${home}?id=${encodeURIComponent(record.id)}`, { replace: true });
  }, [home, reg, record.id, navigate]);
  return null;
}

/**
 * An entity's detail page: `?id=<record id>`; without an id there is nothing to show but the list
 * (`listPath`: the page's own list when it is not the entity's declared one).
 * A TRF shows its DFF data too. Titled by the entity's label and the record's number.
 */
export default function EntityDetailPage({ reg, openAction, listPath }: { reg: RegisteredEntity; openAction?: string; listPath?: string }) {
  const [search] = useSearchParams();
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = search.get('id');
  const [title, setTitle] = useState<{ id: string; value: string }>();
  // The entities whose records belong to this one's (a TRF's comments) are listed below it.
  const registry = useRegistry();
  const belonging = registry.list().filter((r) => r.entity.belongsTo?.entity === reg.name);
  const extensions = detailExtensionsOf(reg);
  const entity = text(reg.entity.label, lang, reg.name);
  const number = title && title.id === id ? title.value : '';
  const titleIn = (l: Language) => {
    const name = text(reg.entity.label, l, reg.name);
    return number ? `${name} ${number}` : name;
  };
  usePageTitle(titleIn(lang), Boolean(id), true, inEachLanguage(titleIn));
  if (!id) return <ToListWithMessage content={t('renderer.detail.noRecord', { entity })} list={listPath ?? reg.entity.routes.list} />;
  const extra = (record: Parameters<typeof DffDetail>[0]['record']) => (
    <>
      <RecordTitle value={recordTitle(reg, record.doc, lang)} onTitle={(value) => setTitle((t) => (t?.id === record.id && t.value === value ? t : { id: record.id, value }))} />
      <VariantHome reg={reg} record={record} />
      <DffDetail reg={reg} record={record} />
      {/* The page extensions the entity's views name (an invoice's "Pay"): what no generic form shows. */}
      {extensions.map((Extension, i) => (
        <Extension key={i} record={record} />
      ))}
      <ChildLists reg={reg} record={record} entityOf={(name) => registry.get(name)} />
      {belonging.map((child) => (
        <BelongingRecords key={child.name} reg={child} parent={record} />
      ))}
      {/* An entity declaring `chat` (docs/declarations.md §3): its record's chat, named by its title. */}
      {reg.entity.chat && recordTitle(reg, record.doc, lang) ? <ChatPanel number={String(record.doc[reg.entity.titleField] ?? recordTitle(reg, record.doc, lang))} /> : null}
    </>
  );
  return <EntityDetail key={id} reg={reg} id={id} extra={extra} openAction={openAction} />;
}
