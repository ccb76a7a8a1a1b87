import { describe, expect, it } from 'vitest';
import { cssFont, estimateTextWidth, wrapText } from '../../../engine/graph/index.ts';

describe('text measurement estimate (node)', () => {
  it('is deterministic and wider for CJK, bold and longer text', () => {
    const body = { size: 12 };
    expect(estimateTextWidth('Draft', body)).toBe(estimateTextWidth('Draft', body));
    expect(estimateTextWidth('草稿', body)).toBe(24);
    expect(estimateTextWidth('Draft', { size: 12, weight: 'bold' })).toBeGreaterThan(estimateTextWidth('Draft', body));
    expect(estimateTextWidth('Submitted', body)).toBeGreaterThan(estimateTextWidth('Draft', body));
  });

  it('wraps at spaces and commas, and anywhere in Chinese, within the width', () => {
    const style = { size: 12 };
    const lines = wrapText('Sent back by the lab with a reason, the applicant corrects and resubmits.', 150, style, estimateTextWidth);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(estimateTextWidth(line, style)).toBeLessThanOrEqual(150);
    const zh = wrapText('实验室退回并说明原因申请人修改后重新提交', 100, style, estimateTextWidth);
    expect(zh.join('')).toBe('实验室退回并说明原因申请人修改后重新提交');
    for (const line of zh) expect(estimateTextWidth(line, style)).toBeLessThanOrEqual(100);
  });

  it('names the same font the SVG uses, for the browser canvas', () => {
    expect(cssFont({ size: 11, mono: true })).toMatch(/^11px .*monospace$/);
    expect(cssFont({ size: 14, weight: 'bold' })).toMatch(/^bold 14px .*sans-serif$/);
  });
});
