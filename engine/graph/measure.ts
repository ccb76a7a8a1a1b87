/**
 * Text measurement for layout. The browser measures with a canvas (renderers/statechart); in
 * node (export script, tests, bench) a deterministic estimate stands in. The estimate errs wide
 * so that exported SVGs stay readable whatever sans-serif font the reader's viewer picks.
 */

export interface TextStyle {
  size: number;
  weight?: 'normal' | 'bold';
  mono?: boolean;
  italic?: boolean;
}

/** Width in pixels of one line of text in a style. */
export type TextMeasurer = (text: string, style: TextStyle) => number;

export const SANS_FONT = "'Noto Sans SC', 'PingFang SC', 'Microsoft YaHei', 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";
export const MONO_FONT = "'JetBrains Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace";

/** The CSS font shorthand of a style (what a canvas measures with). */
export function cssFont(style: TextStyle): string {
  return `${style.italic ? 'italic ' : ''}${style.weight === 'bold' ? 'bold ' : ''}${style.size}px ${style.mono ? MONO_FONT : SANS_FONT}`;
}

const NARROW = new Set("il.,:;'|!`ijl()[]{}/\\ ");
const WIDE = new Set('mwMW@%');

function isWideGlyph(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6)
  );
}

/** A deterministic width estimate (em fractions per character class). */
export const estimateTextWidth: TextMeasurer = (text, style) => {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (isWideGlyph(code)) em += 1;
    else if (style.mono) em += 0.62;
    else if (NARROW.has(ch)) em += 0.34;
    else if (WIDE.has(ch)) em += 0.9;
    else if (ch >= 'A' && ch <= 'Z') em += 0.7;
    else em += 0.6;
  }
  return Math.ceil(em * style.size * (style.weight === 'bold' && !style.mono ? 1.08 : 1));
};

/** Splits text into lines no wider than `maxWidth` (at spaces and commas; CJK anywhere). */
export function wrapText(text: string, maxWidth: number, style: TextStyle, measure: TextMeasurer): string[] {
  const tokens = text.match(/[\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uffe6]|[^\s\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uffe6]+,?\s*|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line + token;
    if (line && measure(candidate.trimEnd(), style) > maxWidth) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line = candidate;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length ? lines : [''];
}
