import { Flex, Select, Typography } from 'antd';
import { useDesigner } from './designer-context.tsx';
import { HiddenLabel } from './HiddenLabel.tsx';
import type { FieldPath, Node } from './schema-tree.ts';

/**
 * The lifecycle states the field may change in, written as `x-editableIn` (the annotation the
 * static declarations use: engine/lifecycle/editability.ts lets it override each state's own
 * rule). A template whose records have no lifecycle has no states to choose: every field is
 * editable, and the panel says so.
 */
export function EditableStates({ path, node, disabled }: { path: FieldPath; node: Node; disabled: boolean }) {
  const { t, store, lifecycleStates } = useDesigner();
  if (!lifecycleStates?.length) {
    return <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="prop-editable-none">{t('props.editableNoLifecycle')}</Typography.Text>;
  }
  const value = (node['x-editableIn'] as readonly string[] | undefined) ?? [];
  return (
    <Flex vertical gap={4}>
      <HiddenLabel htmlFor="prop-editable-states">{t('props.editableStates')}</HiddenLabel>
      <Select
        id="prop-editable-states"
        mode="multiple"
        size="small"
        allowClear
        value={[...value]}
        disabled={disabled}
        data-testid="prop-editable-states"
        aria-label={t('props.editableStates')}
        placeholder={t('props.editableStates')}
        onChange={(states: string[]) => store.getState().setEditableIn(path, lifecycleStates.map((s) => s.value).filter((s) => states.includes(s)))}
        options={lifecycleStates.map((s) => ({ value: s.value, label: s.label }))}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('props.editableHint')}</Typography.Text>
    </Flex>
  );
}
