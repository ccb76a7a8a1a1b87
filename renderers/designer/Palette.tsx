import { useDraggable } from '@dnd-kit/core';
import { Button, Card, Flex, Typography } from 'antd';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import { CONTAINER_TYPES, FIELD_TYPES, NEW_FIELD_LABELS, fieldTypeOfNode, type FieldTypeName } from './field-types.ts';
import { paletteId } from './canvas-dnd.ts';
import { nodeAt, type FieldPath } from './schema-tree.ts';

function PaletteItem({ type, onAdd }: { type: FieldTypeName; onAdd(type: FieldTypeName): void }) {
  const { t } = useDesigner();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteId(type) });
  return (
    <Flex ref={setNodeRef} gap={4} align="center" style={{ opacity: isDragging ? 0.5 : 1 }} data-testid={`palette-${type}`}>
      <Button size="small" block style={{ cursor: 'grab', justifyContent: 'flex-start' }} {...attributes} {...listeners} aria-label={t('palette.drag', { type: t(`type.${type}`) })}>
        {t(`type.${type}`)}
      </Button>
      <Button size="small" onClick={() => onAdd(type)} aria-label={t('palette.add', { type: t(`type.${type}`) })} data-testid={`palette-add-${type}`}>
        +
      </Button>
    </Flex>
  );
}

/** The container a click-to-add goes into: the selected section or table, else the selected field's parent, else the root. */
export function addTarget(bundle: Parameters<typeof nodeAt>[0], selected: FieldPath | undefined): FieldPath {
  if (!selected) return [];
  const node = nodeAt(bundle, selected);
  if (node && CONTAINER_TYPES.includes(fieldTypeOfNode(node))) return selected;
  return selected.slice(0, -1);
}

/** The field types, dragged onto the canvas or added with "+" into the selected section (keyboard alternative). */
export function Palette() {
  const { t, store } = useDesigner();
  const selected = useDesignerState((s) => s.selected);
  const bundle = useDesignerState((s) => s.doc.bundle);
  const onAdd = (type: FieldTypeName) => {
    const added = store.getState().add(type, addTarget(bundle, selected), NEW_FIELD_LABELS[type]);
    if (!added) store.getState().add(type, [], NEW_FIELD_LABELS[type]);
  };
  return (
    <Card size="small" title={t('palette.title')} data-testid="designer-palette">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('palette.hint')}
      </Typography.Paragraph>
      <Flex vertical gap={4}>
        {FIELD_TYPES.map((type) => (
          <PaletteItem key={type} type={type} onAdd={onAdd} />
        ))}
      </Flex>
    </Card>
  );
}
