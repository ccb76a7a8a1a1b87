import { createElement, type ReactNode } from 'react';
import type { SvgNode } from '../../engine/graph/index.ts';

/** SVG attribute names as React spells them (`stroke-width` → `strokeWidth`, `class` → `className`). */
function reactAttrs(attrs: SvgNode['attrs'] = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    if (name === 'class') out.className = value;
    else if (name.startsWith('data-') || name.startsWith('aria-')) out[name] = value;
    else out[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

/** Renders the engine's scene tree as React SVG elements (the same drawing as the SVG export). */
export function renderSvgNodes(nodes: readonly SvgNode[]): ReactNode[] {
  return nodes.map((node, i) => createElement(node.tag, { key: i, ...reactAttrs(node.attrs) }, node.text, ...renderSvgNodes(node.children ?? [])));
}
