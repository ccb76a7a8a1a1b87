import { useState, type ComponentType } from 'react';
import { Button } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { RJSF_REF_CYCLE_KEY, type FieldProps } from '@rjsf/utils';
import { useRendererEnv } from '../env/renderer-env.tsx';

const isObjectLike = (schema: FieldProps['schema']) => schema.type === 'object' || (typeof schema.properties === 'object' && schema.properties !== null);
const present = (v: unknown) => v !== undefined && v !== null;

/**
 * A field where the schema refers back to a node above it (a tree, a bill of materials): RJSF marks
 * it as a cycle break and renders it through this field instead of without end. A level holding
 * data shows at once; an empty one is a button in the user's language ("Add Children") that opens
 * it — an object starts empty — and its own recursive children wait for their button in turn.
 * Replaces RJSF's CyclicSchemaField, whose English alert also hid stored data until expanded.
 */
export function CyclicField(props: FieldProps) {
  const { schema, uiSchema, formData, registry, fieldPathId, name, onChange, disabled, readonly } = props;
  const [opened, setOpened] = useState(false);
  const { t } = useRendererEnv();
  if (opened || present(formData)) {
    // RJSF's own field for a schema node: always in the registry.
    const SchemaField = registry.fields.SchemaField as ComponentType<FieldProps>;
    return <SchemaField {...props} schema={{ ...schema, [RJSF_REF_CYCLE_KEY]: false }} />;
  }
  const label = (typeof uiSchema?.['ui:title'] === 'string' && uiSchema['ui:title']) || schema.title || name;
  const open = () => {
    setOpened(true);
    if (isObjectLike(schema)) onChange({}, fieldPathId.path);
  };
  return (
    <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || readonly} onClick={open} data-testid="open-recursive" style={{ marginBottom: 16 }}>
      {t('form.openNested', { label })}
    </Button>
  );
}
