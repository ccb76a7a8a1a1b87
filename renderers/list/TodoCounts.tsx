import { Flex, Tag, Typography } from 'antd';
import type { ListResult, RegisteredEntity } from '../../engine/index.ts';
import { text } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';

/** A work list's header: how many records wait on the user, per action they can take (routes.partyLists `todo`). */
export function TodoCounts({ reg, counts, total }: { reg: RegisteredEntity; counts: NonNullable<ListResult['counts']>; total: number }) {
  const { lang, t } = useRendererEnv();
  return (
    <Flex wrap gap={8} align="center" data-testid="todo-counts">
      <Typography.Text strong data-testid="todo-total">
        {total ? t('list.todoTotal', { total }) : t('list.todoEmpty')}
      </Typography.Text>
      {counts
        .filter((c) => c.count > 0)
        .map((c) => (
          <Tag key={c.action} data-testid={`todo-count-${c.action}`}>
            {text(reg.entity.actions?.[c.action]?.label, lang, c.action)} {c.count}
          </Tag>
        ))}
    </Flex>
  );
}
