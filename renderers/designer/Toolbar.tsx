import { useEffect, useRef } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { TemplateBundle } from '../../engine/index.ts';
import { useDesigner, useDesignerState } from './designer-context.tsx';

export interface ToolbarProps {
  code: string;
  version: number;
  status: 'draft' | 'published';
  busy: boolean;
  onSave(): void;
  onPublish(): void;
  onNewVersion(): void;
  /** A bundle read from a file; undefined when the file is not JSON. */
  onImport(bundle: TemplateBundle | undefined): void;
}

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName));

/** Undo/redo (buttons, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y), save, publish, new version, export and import. */
export function Toolbar({ code, version, status, busy, onSave, onPublish, onNewVersion, onImport }: ToolbarProps) {
  const { t, store } = useDesigner();
  const canUndo = useDesignerState((s) => s.past.length > 0 && !s.readOnly);
  const canRedo = useDesignerState((s) => s.future.length > 0 && !s.readOnly);
  const fileInput = useRef<HTMLInputElement>(null);
  const published = status === 'published';

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || typing(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) store.getState().undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') store.getState().redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const exportFile = () => {
    const { bundle, renames } = store.getState().doc;
    const blob = new Blob([JSON.stringify({ code, version, bundle, renames }, null, 2)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${code}-v${version}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const parsed = JSON.parse(await file.text()) as { bundle?: TemplateBundle } & Partial<TemplateBundle>;
    onImport(parsed.bundle ?? (parsed as TemplateBundle));
  };

  return (
    <Space wrap data-testid="designer-toolbar">
      <Tag color={published ? 'green' : 'blue'}>{t(`status.${status}`, { version })}</Tag>
      <Tooltip title={t('toolbar.undoKey')}>
        <Button onClick={() => store.getState().undo()} disabled={!canUndo} data-testid="designer-undo">{t('toolbar.undo')}</Button>
      </Tooltip>
      <Tooltip title={t('toolbar.redoKey')}>
        <Button onClick={() => store.getState().redo()} disabled={!canRedo} data-testid="designer-redo">{t('toolbar.redo')}</Button>
      </Tooltip>
      <Button onClick={onSave} loading={busy} disabled={published} data-testid="designer-save">{t('toolbar.save')}</Button>
      <Button type="primary" onClick={onPublish} loading={busy} disabled={published} data-testid="designer-publish">{t('toolbar.publish')}</Button>
      <Button onClick={onNewVersion} disabled={!published} data-testid="designer-new-version">{t('toolbar.newVersion')}</Button>
      <Button onClick={exportFile} data-testid="designer-export">{t('toolbar.export')}</Button>
      <Button onClick={() => fileInput.current?.click()} disabled={published} data-testid="designer-import">{t('toolbar.import')}</Button>
      <input ref={fileInput} type="file" accept="application/json,.json" hidden onChange={(e) => {
          void importFile(e.target.files?.[0]).catch(() => onImport(undefined));
          e.target.value = '';
        }} />
    </Space>
  );
}
