import { Tag } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { stateColor, stateLabel } from './format-value.ts';

/** A record's state in one region, as a coloured tag labelled by the machine. */
export function StateTag({ reg, field, value }: { reg: RegisteredEntity; field: string; value: string | undefined }) {
  const { lang } = useRendererEnv();
  if (!value) return null;
  return (
    <Tag color={stateColor(reg, field, value)} data-state={value}>
      {stateLabel(reg, field, value, lang)}
    </Tag>
  );
}
