import { Card, Checkbox, Empty, Flex, Form, Switch } from 'antd';
import { isRequiredIn, type LocalizedText } from '../../engine/index.ts';
import { CommitInput, CommitNumber } from './commit-inputs.tsx';
import { ConditionEditor } from './ConditionEditor.tsx';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import { EditableStates } from './EditableStates.tsx';
import { fieldTypeOfNode } from './field-types.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import { holderAt, nodeAt, pathKey, viewField, type FieldPath, type Node } from './schema-tree.ts';
import { listable } from './sync-views.ts';

const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

function Localized({ value, onCommit, testId }: { value: LocalizedText | undefined; onCommit(v: LocalizedText): void; testId: string }) {
  const { t } = useDesigner();
  const v = value ?? { 'zh-CN': '', 'en-US': '' };
  return (
    <Flex vertical gap={4}>
      <CommitInput value={v['zh-CN']} onCommit={(s) => onCommit({ ...v, 'zh-CN': s })} testId={`${testId}-zh`} placeholder={t('props.zh')} aria-label={t('props.zh')} />
      <CommitInput value={v['en-US']} onCommit={(s) => onCommit({ ...v, 'en-US': s })} testId={`${testId}-en`} placeholder={t('props.en')} aria-label={t('props.en')} />
    </Flex>
  );
}

function Rules({ path, node }: { path: FieldPath; node: Node }) {
  const { t, store } = useDesigner();
  const type = fieldTypeOfNode(node);
  const set = (k: string) => (v: unknown) => store.getState().update(path, { [k]: v });
  if (type === 'number' || type === 'integer') {
    return (
      <>
        <Form.Item label={t('props.minimum')}><CommitNumber value={node.minimum} onCommit={set('minimum')} aria-label={t('props.minimum')} /></Form.Item>
        <Form.Item label={t('props.maximum')}><CommitNumber value={node.maximum} onCommit={set('maximum')} aria-label={t('props.maximum')} /></Form.Item>
        <Form.Item label={t('props.default')}><CommitNumber value={typeof node.default === 'number' ? node.default : undefined} onCommit={set('default')} aria-label={t('props.default')} /></Form.Item>
      </>
    );
  }
  if (type === 'text' || type === 'textarea') {
    return (
      <>
        <Form.Item label={t('props.minLength')}><CommitNumber value={node.minLength} onCommit={set('minLength')} aria-label={t('props.minLength')} /></Form.Item>
        <Form.Item label={t('props.maxLength')}><CommitNumber value={node.maxLength} onCommit={set('maxLength')} aria-label={t('props.maxLength')} /></Form.Item>
        <Form.Item label={t('props.pattern')}><CommitInput value={node.pattern ?? ''} onCommit={set('pattern')} aria-label={t('props.pattern')} /></Form.Item>
        <Form.Item label={t('props.default')}><CommitInput value={typeof node.default === 'string' ? node.default : ''} onCommit={set('default')} aria-label={t('props.default')} /></Form.Item>
      </>
    );
  }
  if (type === 'checkbox' || type === 'switch') {
    return <Form.Item label={t('props.default')}><Switch size="small" checked={node.default === true} onChange={(v) => set('default')(v || undefined)} aria-label={t('props.default')} /></Form.Item>;
  }
  if (type === 'table') {
    return <Form.Item label={t('props.maxRows')}><CommitNumber value={node.maxItems} onCommit={(v) => set('maxItems')(v === undefined ? undefined : Math.min(100, Math.max(0, v)))} aria-label={t('props.maxRows')} /></Form.Item>;
  }
  return null;
}

/** The selected field's properties: key, labels and help in both languages, required, rules, options, list flags. */
export function PropertyPanel() {
  const { t, store } = useDesigner();
  const selected = useDesignerState((s) => s.selected);
  const bundle = useDesignerState((s) => s.doc.bundle);
  const readOnly = useDesignerState((s) => s.readOnly);
  const node = selected ? nodeAt(bundle, selected) : undefined;
  if (!selected || !node) {
    return (
      <Card size="small" title={t('props.title')} data-testid="designer-properties">
        <Empty description={t('props.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      </Card>
    );
  }
  const key = selected[selected.length - 1]!;
  const holder = holderAt(bundle, selected.slice(0, -1))!;
  const required = isRequiredIn(holder, key);
  const field = pathKey(selected);
  const type = fieldTypeOfNode(node);
  const { update, renameKey, setRequired, setListFlag } = store.getState();
  const keyTaken = (k: string) => Object.keys(holderAt(bundle, selected.slice(0, -1))?.properties ?? {}).some((o) => o !== key && o.toLowerCase() === k.toLowerCase());
  return (
    <Card size="small" title={t('props.title')} data-testid="designer-properties">
      <Form layout="vertical" size="small" key={field} disabled={readOnly} data-testid={readOnly ? 'designer-properties-readonly' : undefined}>
        <Form.Item label={t('props.key')} extra={t('props.keyHint')}>
          <CommitInput value={key} onCommit={(k) => FIELD_KEY.test(k) && !keyTaken(k) && renameKey(selected, k)} testId="prop-key" aria-label={t('props.key')} />
        </Form.Item>
        <Form.Item label={t('props.label')}>
          <Localized value={node['x-label']} onCommit={(v) => update(selected, { 'x-label': v })} testId="prop-label" />
        </Form.Item>
        <Form.Item label={t('props.description')}>
          <Localized value={node['x-description']} onCommit={(v) => update(selected, { 'x-description': v['zh-CN'] || v['en-US'] ? v : undefined })} testId="prop-description" />
        </Form.Item>
        <Form.Item label={t('props.required')}>
          <Switch size="small" checked={required} onChange={(v) => setRequired(selected, v)} data-testid="prop-required" aria-label={t('props.required')} />
        </Form.Item>
        <Form.Item label={t('props.visibility')}>
          <ConditionEditor key={field} path={selected} holder={holder} disabled={readOnly} />
        </Form.Item>
        {selected.length === 1 && (
          <Form.Item label={t('props.editableStates')}>
            <EditableStates path={selected} node={node} disabled={readOnly} />
          </Form.Item>
        )}
        <Rules path={selected} node={node} />
        {(type === 'select' || type === 'radio' || type === 'multiSelect') && (
          <Form.Item label={t('props.options')}>
            <OptionsEditor path={selected} node={node} />
          </Form.Item>
        )}
        {listable(node) && (
          <Form.Item label={t('props.list')}>
            <Checkbox checked={bundle.views.list.columns.some((c) => c.field === viewField(selected))} onChange={(e) => setListFlag(selected, 'column', e.target.checked)} data-testid="prop-column">
              {t('props.column')}
            </Checkbox>
            <Checkbox checked={bundle.views.list.filters.some((f) => f.field === viewField(selected))} onChange={(e) => setListFlag(selected, 'filter', e.target.checked)} data-testid="prop-filter">
              {t('props.filter')}
            </Checkbox>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
