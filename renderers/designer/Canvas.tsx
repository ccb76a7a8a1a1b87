import { useDndMonitor, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { isRequiredIn, text, visibilityRuleFor } from '../../engine/index.ts';
import { conditionOptions } from './ConditionEditor.tsx';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import { fieldId, groupAbove, moveIntoGroupAbove, moveOutOfGroup, zoneId } from './canvas-dnd.ts';
import { CONTAINER_TYPES, fieldTypeOfNode } from './field-types.ts';
import { childHolder, holderAt, pathKey, viewField, type FieldPath, type Node } from './schema-tree.ts';

type Sortable = ReturnType<typeof useSortable>;

/**
 * A field on the canvas: the sortable wrapper, which @dnd-kit re-renders at every pointer move
 * of a drag, around the card, which re-renders only when its own field changes — so a move in a
 * template of a thousand fields costs a thousand small wrappers, not a thousand antd cards.
 */
function FieldCard({ path, node }: { path: FieldPath; node: Node }) {
  const readOnly = useDesignerState((s) => s.readOnly);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: fieldId(path), disabled: readOnly });
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}>
      <FieldCardBody path={path} node={node} attributes={attributes} listeners={listeners} />
    </div>
  );
}

interface BodyProps {
  path: FieldPath;
  node: Node;
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
}

const sameBody = (a: BodyProps, b: BodyProps) => a.node === b.node && a.attributes === b.attributes && a.listeners === b.listeners && pathKey(a.path) === pathKey(b.path);

const FieldCardBody = memo(function FieldCardBody({ path, node, attributes, listeners }: BodyProps) {
  const { t, lang, store } = useDesigner();
  const selected = useDesignerState((s) => (s.selected ? pathKey(s.selected) : undefined));
  const readOnly = useDesignerState((s) => s.readOnly);
  const holder = useDesignerState((s) => holderAt(s.doc.bundle, path.slice(0, -1)));
  const canMoveInto = useDesignerState((s) => !!groupAbove(s, path));
  const key = path[path.length - 1]!;
  const required = !!holder && isRequiredIn(holder, key);
  const rule = holder && visibilityRuleFor(holder, key);
  const type = fieldTypeOfNode(node);
  const isSelected = selected === pathKey(path);
  const label = text(node['x-label'], lang, key);
  const { moveBy, remove, select } = store.getState();
  const control = rule && (holder!.properties as Record<string, Node>)[rule.when.field];
  const shownValue = rule && control && (conditionOptions(control, lang, t)?.find((o) => o.value === String(rule.when.value))?.label ?? String(rule.when.value));
  return (
    <Card
      size="small"
      data-testid={`canvas-field-${viewField(path)}`}
      // No text selection on the canvas: a press that misses the handle (a card still sliding back
      // after a cancelled drag) must not select text across the canvas.
      style={{ borderColor: isSelected ? '#1677ff' : undefined, cursor: 'pointer', userSelect: 'none' }}
      onClick={(e) => {
        e.stopPropagation();
        select(path);
      }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        {/* The handle, the label and the tags all start a drag (past 4 px; a click still selects). */}
        <Space size={4} {...(readOnly ? {} : listeners)}>
          {!readOnly && (
            <Button size="small" type="text" {...attributes} {...listeners} aria-label={t('canvas.dragHandle', { field: label })} style={{ cursor: 'grab' }}>
              ⠿
            </Button>
          )}
          <Typography.Text strong>{label}</Typography.Text>
          {required && <Typography.Text type="danger">*</Typography.Text>}
          <Typography.Text type="secondary" code>
            {path[path.length - 1]}
          </Typography.Text>
          <Tag>{t(`type.${type}`)}</Tag>
          {rule && (
            <Tooltip title={t('canvas.conditionalTitle', { field: text(control?.['x-label'] as never, lang, rule.when.field), value: shownValue ?? '' })}>
              <Tag color="purple" data-testid={`canvas-conditional-${viewField(path)}`}>{t('canvas.conditional')}</Tag>
            </Tooltip>
          )}
        </Space>
        {!readOnly && (
          <Space size={2} onClick={(e) => e.stopPropagation()}>
            <Button size="small" onClick={() => moveBy(path, -1)} aria-label={t('canvas.moveUp')} title={t('canvas.moveUp')}>↑</Button>
            <Button size="small" onClick={() => moveBy(path, 1)} aria-label={t('canvas.moveDown')} title={t('canvas.moveDown')}>↓</Button>
            {canMoveInto && (
              <Button size="small" onClick={() => moveIntoGroupAbove(store.getState(), path)} aria-label={t('canvas.moveInto')} title={t('canvas.moveInto')} data-testid={`canvas-move-into-${viewField(path)}`}>↳</Button>
            )}
            {path.length > 1 && (
              <Button size="small" onClick={() => moveOutOfGroup(store.getState(), path)} aria-label={t('canvas.moveOut')} title={t('canvas.moveOut')} data-testid={`canvas-move-out-${viewField(path)}`}>↰</Button>
            )}
            <Button size="small" danger onClick={() => remove(path)} aria-label={t('canvas.remove')} title={t('canvas.remove')} data-testid={`canvas-remove-${viewField(path)}`}>
              ✕
            </Button>
          </Space>
        )}
      </Flex>
      {CONTAINER_TYPES.includes(type) && <FieldList parent={path} holder={childHolder(node)} />}
    </Card>
  );
}, sameBody);

/** How far beyond the viewport a container's fields are rendered, in px (about two screens). */
const REACH = 1600;
/** A card's height and the gap under it, for a block not yet measured, in px. */
const CARD_ROW = 52;

/** Whether the element is within REACH of the viewport; true where there is no IntersectionObserver. */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // A transition: React renders a block coming into reach between pointer moves and keystrokes.
    const io = new IntersectionObserver((entries) => startTransition(() => setNear(entries.some((e) => e.isIntersecting))), { rootMargin: `${REACH}px 0px` });
    io.observe(el);
    return () => io.disconnect();
  }, [ref]);
  return near;
}

/** Whether a drag is under way (set at its start and end only, not at every move). */
function useDragging(): boolean {
  const [dragging, setDragging] = useState(false);
  useDndMonitor({ onDragStart: () => setDragging(true), onDragEnd: () => setDragging(false), onDragCancel: () => setDragging(false) });
  return dragging;
}

/** Cards per block of a long list; a block renders its cards only near the viewport. */
const BLOCK = 20;

/**
 * A block of a long list's cards, rendered while it is within reach of the viewport and kept as
 * a space of its last height otherwise. A template of a thousand fields thus mounts and
 * re-renders only the cards near the screen: each pointer move of a drag re-renders every
 * mounted sortable card, and the first render would otherwise build them all. A block already
 * shown stays while a drag is under way, so the dragged card is never unmounted.
 */
function NearBlock({ parent, entries }: { parent: FieldPath; entries: [string, Node][] }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const dragging = useDragging();
  const wasShown = useRef(false);
  const shown = near || (dragging && wasShown.current);
  wasShown.current = shown;
  const height = useRef<number | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      if (entry) height.current = entry.contentRect.height;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [shown]);
  return (
    <div ref={ref} style={shown ? undefined : { height: height.current ?? entries.length * CARD_ROW - 6 }}>
      {shown && (
        <Flex vertical gap={6}>
          {entries.map(([key, node]) => (
            <FieldCard key={key} path={[...parent, key]} node={node} />
          ))}
        </Flex>
      )}
    </div>
  );
}

const blocksOf = <T,>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / BLOCK) }, (_, i) => items.slice(i * BLOCK, (i + 1) * BLOCK));

/** The fields of one container, sortable, with a drop zone for palette items and moved fields; long lists in blocks rendered near the viewport. */
export function FieldList({ parent, holder }: { parent: FieldPath; holder: Node | undefined }) {
  const { t } = useDesigner();
  const readOnly = useDesignerState((s) => s.readOnly);
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(parent), disabled: readOnly });
  const entries = Object.entries((holder?.properties as Record<string, Node> | undefined) ?? {});
  return (
    <SortableContext items={entries.map(([k]) => fieldId([...parent, k]))} strategy={verticalListSortingStrategy}>
      <Flex vertical gap={6} style={{ marginTop: parent.length ? 8 : 0 }}>
        {entries.length <= BLOCK
          ? entries.map(([key, node]) => <FieldCard key={key} path={[...parent, key]} node={node} />)
          : blocksOf(entries).map((block, i) => <NearBlock key={i} parent={parent} entries={block} />)}
        {!readOnly && <div
          ref={setNodeRef}
          data-testid={`canvas-zone-${viewField(parent) || 'root'}`}
          style={{ border: `1px dashed ${isOver ? '#1677ff' : '#d9d9d9'}`, borderRadius: 6, padding: parent.length ? 6 : 16, textAlign: 'center', background: isOver ? '#e6f4ff' : undefined }}
        >
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {parent.length ? t('canvas.dropInto') : entries.length ? t('canvas.dropHere') : t('canvas.empty')}
          </Typography.Text>
        </div>}
      </Flex>
    </SortableContext>
  );
}

/** The form being designed: every field as a card, in order, sections and tables holding theirs. */
export function Canvas() {
  const { t, store } = useDesigner();
  const schema = useDesignerState((s) => s.doc.bundle.schema);
  const readOnly = useDesignerState((s) => s.readOnly);
  return (
    <Card size="small" title={t('canvas.title')} data-testid="designer-canvas" data-readonly={readOnly || undefined} onClick={() => store.getState().select(undefined)}>
      <FieldList parent={[]} holder={schema as Node} />
    </Card>
  );
}
