import { createStore } from 'zustand/vanilla';
import { allOfAfterKeyChange, allOfAfterOptionChange, allOfWithRule, isRequiredIn, shownThrough, visibilityRuleFor, type ConditionValue, type LocalizedText, type RenameMap, type TemplateBundle } from '../../engine/index.ts';
import { CONTAINER_TYPES, createFieldNode, fieldTypeOfNode, type FieldTypeName } from './field-types.ts';
import { childHolder, freeKey, holderAt, nodeAt, pathKey, viewField, withoutProperty, withProperty, type FieldPath, type Node } from './schema-tree.ts';
import { filterOpFor, renameInViews, syncViews } from './sync-views.ts';

/** Steps of undo kept (the issue asks for at least 50). */
export const HISTORY_LIMIT = 100;

/** What an undo step restores: the bundle and the renames declared for this version. */
export interface DesignDoc {
  bundle: TemplateBundle;
  renames: RenameMap;
}

export interface DesignerState {
  doc: DesignDoc;
  past: DesignDoc[];
  future: DesignDoc[];
  selected?: FieldPath;
  /** Field paths (viewField) of the previous version: renames are declared from these. */
  baseline: ReadonlySet<string>;
  /** A published version: every edit, undo and redo is refused (fields can still be selected and read). */
  readOnly: boolean;
  load(doc: DesignDoc, baseline?: ReadonlySet<string>, readOnly?: boolean): void;
  select(path: FieldPath | undefined): void;
  add(type: FieldTypeName, parent: FieldPath, label: LocalizedText, index?: number): FieldPath | undefined;
  move(path: FieldPath, parent: FieldPath, index: number): FieldPath | undefined;
  moveBy(path: FieldPath, delta: number): void;
  update(path: FieldPath, patch: Record<string, unknown>): void;
  renameKey(path: FieldPath, key: string): void;
  setRequired(path: FieldPath, required: boolean): void;
  /** Shows the field only when a sibling has a value (undefined: always shown); false when refused. */
  setCondition(path: FieldPath, when: { field: string; value: ConditionValue } | undefined): boolean;
  /** The lifecycle states the field is editable in (`x-editableIn`; empty: the states' own rule). */
  setEditableIn(path: FieldPath, states: readonly string[]): void;
  setListFlag(path: FieldPath, flag: 'column' | 'filter', on: boolean): void;
  remove(path: FieldPath): void;
  setLabel(label: LocalizedText): void;
  replace(doc: DesignDoc): void;
  undo(): void;
  redo(): void;
}

const clone = <T>(v: T): T => structuredClone(v);

/** Writes an object's `required` / `allOf`, dropping the keyword when empty. */
function setKeyword(holder: Node, keyword: 'required' | 'allOf', list: readonly unknown[] | undefined): void {
  if (list?.length) holder[keyword] = list as never;
  else delete holder[keyword];
}

const isPrefix = (a: FieldPath, b: FieldPath) => a.length <= b.length && a.every((k, i) => b[i] === k);

export function createDesignerStore(initial: DesignDoc) {
  return createStore<DesignerState>((set, get) => {
    /** Every change goes through here: one undo step, the redo list cleared, the views synced. */
    const commit = (edit: (draft: DesignDoc) => DesignDoc | void, selected?: FieldPath) => {
      const { doc, past, readOnly } = get();
      if (readOnly) return;
      const draft = clone(doc);
      const next = edit(draft) ?? draft;
      next.bundle = syncViews(next.bundle);
      set({ doc: next, past: [...past, doc].slice(-HISTORY_LIMIT), future: [], ...(selected ? { selected } : {}) });
    };
    const parentOf = (bundle: TemplateBundle, path: FieldPath) => holderAt(bundle, path.slice(0, -1));
    return {
      doc: { ...initial, bundle: syncViews(initial.bundle) },
      past: [],
      future: [],
      baseline: new Set(),
      readOnly: false,
      load: (doc, baseline = new Set(), readOnly = false) => set({ doc: { ...doc, bundle: syncViews(doc.bundle) }, past: [], future: [], selected: undefined, baseline, readOnly }),
      select: (selected) => set({ selected }),
      add(type, parent, label, index) {
        const holder = holderAt(get().doc.bundle, parent);
        if (!holder || get().readOnly) return undefined;
        const parentNode = nodeAt(get().doc.bundle, parent);
        if (parentNode?.type === 'array' && CONTAINER_TYPES.includes(type)) return undefined;
        const key = freeKey(holder, type);
        commit((d) => withProperty(holderAt(d.bundle, parent)!, key, createFieldNode(type, label), index), [...parent, key]);
        return [...parent, key];
      },
      move(path, parent, index) {
        const { bundle } = get().doc;
        const node = nodeAt(bundle, path);
        const target = holderAt(bundle, parent);
        const parentNode = nodeAt(bundle, parent);
        if (!node || !target || isPrefix(path, parent) || get().readOnly) return undefined;
        if (parentNode?.type === 'array' && CONTAINER_TYPES.includes(fieldTypeOfNode(node))) return undefined;
        const key = path[path.length - 1]!;
        const samePlace = pathKey(path.slice(0, -1)) === pathKey(parent);
        if (!samePlace && Object.keys(target.properties ?? {}).some((k) => k.toLowerCase() === key.toLowerCase())) return undefined;
        const to = [...parent, key];
        commit((d) => {
          const moved = nodeAt(d.bundle, path)!;
          const source = parentOf(d.bundle, path)!;
          const wasRequired = isRequiredIn(source, key);
          if (!samePlace) {
            setKeyword(source, 'allOf', allOfAfterKeyChange(source, key, undefined));
            withoutProperty(source, key);
          }
          const into = holderAt(d.bundle, parent)!;
          withProperty(into, key, moved, index);
          if (!samePlace && wasRequired) into.required = [...(into.required ?? []), key];
          if (!samePlace) d.bundle = renameInViews(d.bundle, path, to);
        }, to);
        return to;
      },
      moveBy(path, delta) {
        const keys = Object.keys(parentOf(get().doc.bundle, path)?.properties ?? {});
        const at = keys.indexOf(path[path.length - 1]!);
        const to = at + delta;
        if (at < 0 || to < 0 || to >= keys.length) return;
        get().move(path, path.slice(0, -1), to);
      },
      update(path, patch) {
        if (!nodeAt(get().doc.bundle, path)) return;
        commit((d) => {
          const node = nodeAt(d.bundle, path)!;
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === '') delete node[k];
            else node[k] = clone(v);
          }
          if (patch['x-label']) node.title = (patch['x-label'] as LocalizedText)['en-US'];
          // Conditions on this field's options follow a renamed option and go with a removed one.
          const before = nodeAt(get().doc.bundle, path)!.enum;
          if (before && node.enum && path.length) {
            const h = parentOf(d.bundle, path)!;
            setKeyword(h, 'allOf', allOfAfterOptionChange(h, path[path.length - 1]!, before, node.enum));
          }
        });
      },
      renameKey(path, key) {
        const holder = parentOf(get().doc.bundle, path);
        const old = path[path.length - 1]!;
        if (!holder || key === old || !key) return;
        const to = [...path.slice(0, -1), key];
        commit((d) => {
          const h = parentOf(d.bundle, path)!;
          const keys = Object.keys(h.properties ?? {});
          h.properties = Object.fromEntries(keys.map((k) => [k === old ? key : k, h.properties![k]!]));
          if (h.required) h.required = h.required.map((r) => (r === old ? key : r));
          setKeyword(h, 'allOf', allOfAfterKeyChange(h, old, key));
          d.bundle = renameInViews(d.bundle, path, to);
          const from = viewField(path);
          const renames: Record<string, string> = {};
          let source: string | undefined = get().baseline.has(from) ? from : undefined;
          for (const [a, b] of Object.entries(d.renames)) {
            if (b === from) source = a;
            else renames[a] = b;
          }
          if (source && source !== viewField(to)) renames[source] = viewField(to);
          d.renames = renames;
        }, to);
      },
      setRequired(path, required) {
        commit((d) => {
          const h = parentOf(d.bundle, path);
          if (!h) return;
          const key = path[path.length - 1]!;
          const rule = visibilityRuleFor(h, key);
          // A conditional field is required only while its condition shows it.
          if (rule) setKeyword(h, 'allOf', allOfWithRule(h, key, { ...rule, required }));
          const list = (h.required ?? []).filter((r) => r !== key);
          if (required && !rule) list.push(key);
          setKeyword(h, 'required', list);
        });
      },
      setCondition(path, when) {
        const holder = parentOf(get().doc.bundle, path);
        const key = path[path.length - 1]!;
        if (!holder || !nodeAt(get().doc.bundle, path) || get().readOnly) return false;
        if (when && (when.field === key || !Object.hasOwn(holder.properties ?? {}, when.field) || shownThrough(holder, when.field, key))) return false;
        commit((d) => {
          const h = parentOf(d.bundle, path)!;
          const required = isRequiredIn(h, key);
          setKeyword(h, 'allOf', allOfWithRule(h, key, when && { field: key, when, required }));
          const list = (h.required ?? []).filter((r) => r !== key);
          if (required && !when) list.push(key);
          setKeyword(h, 'required', list);
        });
        return true;
      },
      setEditableIn(path, states) {
        if (!nodeAt(get().doc.bundle, path)) return;
        commit((d) => {
          const node = nodeAt(d.bundle, path)!;
          if (states.length) node['x-editableIn'] = [...states];
          else delete node['x-editableIn'];
        });
      },
      setListFlag(path, flag, on) {
        const field = viewField(path);
        commit((d) => {
          const list = d.bundle.views.list;
          const node = nodeAt(d.bundle, path);
          if (flag === 'column') {
            const columns = list.columns.filter((c) => c.field !== field);
            d.bundle.views.list = { ...list, columns: on ? [...columns, { field }] : columns };
          } else {
            const filters = list.filters.filter((f) => f.field !== field);
            d.bundle.views.list = { ...list, filters: on && node ? [...filters, { field, op: filterOpFor(node) }] : filters };
          }
        });
      },
      remove(path) {
        if (!nodeAt(get().doc.bundle, path)) return;
        commit((d) => {
          const h = parentOf(d.bundle, path)!;
          setKeyword(h, 'allOf', allOfAfterKeyChange(h, path[path.length - 1]!, undefined));
          withoutProperty(h, path[path.length - 1]!);
        });
        if (get().selected && isPrefix(path, get().selected!)) set({ selected: undefined });
      },
      setLabel: (label) => commit((d) => void (d.bundle.entity.label = { ...label })),
      replace: (doc) => commit(() => clone(doc)),
      undo() {
        const { past, doc, future, readOnly } = get();
        if (!past.length || readOnly) return;
        set({ doc: past[past.length - 1]!, past: past.slice(0, -1), future: [doc, ...future] });
      },
      redo() {
        const { past, doc, future, readOnly } = get();
        if (!future.length || readOnly) return;
        set({ doc: future[0]!, past: [...past, doc].slice(-HISTORY_LIMIT), future: future.slice(1) });
      },
    };
  });
}

export type DesignerStore = ReturnType<typeof createDesignerStore>;
export { childHolder };
