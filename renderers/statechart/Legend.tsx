import type { ReactNode } from 'react';
import { Space } from 'antd';
import { THEME } from '../../engine/graph/index.ts';
import type { StatechartTexts } from './labels.ts';

function Swatch({ colour, dash, box }: { colour: string; dash?: string; box?: boolean }) {
  return (
    <svg width={22} height={12} aria-hidden="true">
      {box ? (
        <rect x={2} y={1} width={18} height={10} rx={3} fill={THEME.activeFill} stroke={colour} strokeWidth={2} />
      ) : (
        <line x1={1} y1={6} x2={21} y2={6} stroke={colour} strokeWidth={2.5} strokeDasharray={dash} />
      )}
    </svg>
  );
}

/** What the colours and dashes of the drawing mean. */
export function Legend({ texts, live }: { texts: StatechartTexts; live: boolean }) {
  const item = (swatch: ReactNode, label: string) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 12, color: THEME.muted }}>
      {swatch}
      {label}
    </span>
  );
  return (
    <Space wrap size={12} data-testid="statechart-legend">
      {live && item(<Swatch colour={THEME.active} box />, texts.legendActive)}
      {live && item(<Swatch colour={THEME.takeable} />, texts.legendTakeable)}
      {live && item(<Swatch colour={THEME.forbidden} dash="4 3" />, texts.legendForbidden)}
      {live && item(<Swatch colour={THEME.visited} />, texts.legendVisited)}
      {item(<Swatch colour={THEME.edge} dash="7 3" />, texts.legendAfter)}
      {item(<Swatch colour={THEME.edge} dash="2 3" />, texts.legendAlways)}
    </Space>
  );
}
