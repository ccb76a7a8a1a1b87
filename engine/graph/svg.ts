/**
 * A tiny SVG element tree: the scene is built once as data, then serialised to a string (export,
 * tests) or mapped onto React elements (the viewer), so both show exactly the same drawing.
 */
export interface SvgNode {
  tag: string;
  attrs?: Record<string, string | number | undefined>;
  children?: SvgNode[];
  text?: string;
}

export interface SvgScene {
  width: number;
  height: number;
  defs: SvgNode[];
  body: SvgNode[];
  title: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

export function h(tag: string, attrs: SvgNode['attrs'] = {}, children: SvgNode[] = [], text?: string): SvgNode {
  const node: SvgNode = { tag, attrs, children };
  if (text !== undefined) node.text = text;
  return node;
}

export function nodeToString(node: SvgNode): string {
  const attrs = Object.entries(node.attrs ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  const inner = (node.text !== undefined ? escapeXml(node.text) : '') + (node.children ?? []).map(nodeToString).join('');
  return inner ? `<${node.tag}${attrs}>${inner}</${node.tag}>` : `<${node.tag}${attrs}/>`;
}

/** A standalone SVG document of the scene. */
export function sceneToSvg(scene: SvgScene): string {
  const root = h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: scene.width,
      height: scene.height,
      viewBox: `0 0 ${scene.width} ${scene.height}`,
      role: 'img',
      'aria-label': scene.title,
    },
    [h('title', {}, [], scene.title), h('defs', {}, scene.defs), h('rect', { x: 0, y: 0, width: scene.width, height: scene.height, fill: '#ffffff' }), ...scene.body],
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${nodeToString(root)}\n`;
}
