import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { text } from '../../engine/index.ts';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import { fieldId, zoneId } from './canvas-dnd.ts';
import { CONTAINER_TYPES, fieldTypeOfNode } from './field-types.ts';
import { childHolder, holderAt, pathKey, type FieldPath, type Node } from './schema-tree.ts';

function FieldCard({ path, node }: { path: FieldPath; node: Node }) {
  const { t, lang, store } = useDesigner();
  const selected = useDesignerState((s) => (s.selected ? pathKey(s.selected) : undefined));
  const required = useDesignerState((s) => (holderAt(s.doc.bundle, path.slice(0, -1))?.required ?? []).includes(path[path.length - 1]!));
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: fieldId(path) });
  const type = fieldTypeOfNode(node);
  const isSelected = selected === pathKey(path);
  const label = text(node['x-label'], lang, path[path.length - 1]);
  const { moveBy, remove, select } = store.getState();
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}>
      <Card
        size="small"
        data-testid={`canvas-field-${pathKey(path)}`}
        style={{ borderColor: isSelected ? '#1677ff' : undefined, cursor: 'pointer' }}
        onClick={(e) => {
          e.stopPropagation();
          select(path);
        }}
      >
        <Flex justify="space-between" align="center" gap={8}>
          <Space size={4}>
            <Button size="small" type="text" {...attributes} {...listeners} aria-label={t('canvas.dragHandle', { field: label })} style={{ cursor: 'grab' }}>
              ⠿
            </Button>
            <Typography.Text strong>{label}</Typography.Text>
            {required && <Typography.Text type="danger">*</Typography.Text>}
            <Typography.Text type="secondary" code>
              {path[path.length - 1]}
            </Typography.Text>
            <Tag>{t(`type.${type}`)}</Tag>
          </Space>
          <Space size={2} onClick={(e) => e.stopPropagation()}>
            <Button size="small" onClick={() => moveBy(path, -1)} aria-label={t('canvas.moveUp')} title={t('canvas.moveUp')}>↑</Button>
            <Button size="small" onClick={() => moveBy(path, 1)} aria-label={t('canvas.moveDown')} title={t('canvas.moveDown')}>↓</Button>
            <Button size="small" danger onClick={() => remove(path)} aria-label={t('canvas.remove')} title={t('canvas.remove')} data-testid={`canvas-remove-${pathKey(path)}`}>
              ✕
            </Button>
          </Space>
        </Flex>
        {CONTAINER_TYPES.includes(type) && <FieldList parent={path} holder={childHolder(node)} />}
      </Card>
    </div>
  );
}

/** The fields of one container, sortable, with a drop zone for palette items and moved fields. */
export function FieldList({ parent, holder }: { parent: FieldPath; holder: Node | undefined }) {
  const { t } = useDesigner();
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(parent) });
  const entries = Object.entries((holder?.properties as Record<string, Node> | undefined) ?? {});
  return (
    <SortableContext items={entries.map(([k]) => fieldId([...parent, k]))} strategy={verticalListSortingStrategy}>
      <Flex vertical gap={6} style={{ marginTop: parent.length ? 8 : 0 }}>
        {entries.map(([key, node]) => (
          <FieldCard key={key} path={[...parent, key]} node={node} />
        ))}
        <div
          ref={setNodeRef}
          data-testid={`canvas-zone-${pathKey(parent) || 'root'}`}
          style={{ border: `1px dashed ${isOver ? '#1677ff' : '#d9d9d9'}`, borderRadius: 6, padding: parent.length ? 6 : 16, textAlign: 'center', background: isOver ? '#e6f4ff' : undefined }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {parent.length ? t('canvas.dropInto') : entries.length ? t('canvas.dropHere') : t('canvas.empty')}
          </Typography.Text>
        </div>
      </Flex>
    </SortableContext>
  );
}

/** The form being designed: every field as a card, in order, sections and tables holding theirs. */
export function Canvas() {
  const { t, store } = useDesigner();
  const schema = useDesignerState((s) => s.doc.bundle.schema);
  return (
    <Card size="small" title={t('canvas.title')} data-testid="designer-canvas" onClick={() => store.getState().select(undefined)}>
      <FieldList parent={[]} holder={schema as Node} />
    </Card>
  );
}
