import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardTile } from '../../../engine/declaration/dashboard.ts';
import { recordTitle } from '../../../engine/derive/fields.ts';
import { enumLabel, text } from '../../../engine/i18n/labels.ts';
import { fieldAt } from '../../../engine/schema/resolve.ts';
import { todoListOf, type ShellEntity } from '../../../engine/shell-entity.ts';
import { detailPath, listPath } from '../../../renderers/env/entity-paths.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { entityKeys } from '../../../renderers/env/query-keys.ts';
import type { ListRequest } from '../../../renderers/env/data-provider.ts';
import { useLanguage } from '../../i18n/language-store.ts';

const TAG_COLOURS: Record<string, string> = { pass: 'green', fail: 'red', seeResult: 'orange' };

/** A page of an entity's list, cached as that list (so a change to the entity loads it again). */
function useListPage(params: Omit<ListRequest, 'filters'> & { filters?: Record<string, string> }) {
  const { data } = useRendererEnv();
  const { entity, ...rest } = params;
  const query = { filters: {}, ...rest };
  return useQuery({ queryKey: entityKeys.list(entity, query), queryFn: () => data.list({ entity, ...query }) });
}

/** How many records wait in the entity's work list (its `todo` variant); opens the list. */
export function TodoTile({ reg, tile }: { reg: ShellEntity; tile: DashboardTile }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = todoListOf(reg, tile.list)!;
  const page = useListPage({ entity: reg.name, page: 1, pageSize: 1, list: list.name });
  return (
    <Card title={t('dashboard.todoTitle', { entity: text(reg.entity.label, lang, reg.name) })} extra={<Link to={list.path}>{t('dashboard.openList')}</Link>} data-tile="todo" data-entity={reg.name}>
      {page.isError ? (
        <Alert type="error" showIcon title={t('errors.generic')} />
      ) : (
        <Link to={list.path} data-todo-count>
          <Statistic title={t('dashboard.todoCount')} value={page.data?.total ?? '–'} loading={page.isLoading} />
        </Link>
      )}
    </Card>
  );
}

/** The entity's newest records (by the declared field), each with its tag (a report's conclusion); opens each record, or the list. */
export function RecentTile({ reg, tile }: { reg: ShellEntity; tile: DashboardTile }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const page = useListPage({ entity: reg.name, page: 1, pageSize: tile.count ?? 5, sort: `${tile.sort ?? '$updatedAt'}:desc` });
  const tagNode = tile.tag ? fieldAt(reg.schema, tile.tag) : undefined;
  return (
    <Card title={t('dashboard.recentTitle', { entity: text(reg.entity.label, lang, reg.name) })} extra={<Link to={listPath(reg)}>{t('dashboard.openList')}</Link>} data-tile="recent" data-entity={reg.name}>
      {page.isError && <Alert type="error" showIcon title={t('errors.generic')} />}
      <List
        size="small"
        loading={page.isLoading}
        dataSource={page.data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.none')} /> }}
        renderItem={(r) => {
          const value = tile.tag ? r.doc[tile.tag] : undefined;
          const date = tile.sort && !tile.sort.startsWith('$') ? r.doc[tile.sort] : undefined;
          return (
            <List.Item data-record={r.id} extra={typeof date === 'string' ? <Typography.Text type="secondary">{date}</Typography.Text> : undefined}>
              <Link to={detailPath(reg, r.id)}>{recordTitle(reg, r.doc, lang) || r.id}</Link>
              {value !== undefined && (
                <Tag color={TAG_COLOURS[String(value)]} style={{ marginInlineStart: 8 }} data-tag={String(value)}>
                  {enumLabel(tagNode, value, lang)}
                </Tag>
              )}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}

/** Records shown as external links (SGS services: title and URL), in the declared order. */
export function LinksTile({ reg, tile }: { reg: ShellEntity; tile: DashboardTile }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const page = useListPage({ entity: reg.name, page: 1, pageSize: tile.count ?? 5, sort: tile.sort ? `${tile.sort}:asc` : undefined });
  return (
    <Card title={text(reg.entity.label, lang, reg.name)} extra={<Link to={listPath(reg)}>{t('dashboard.openList')}</Link>} data-tile="links" data-entity={reg.name}>
      {page.isError && <Alert type="error" showIcon title={t('errors.generic')} />}
      <List
        size="small"
        loading={page.isLoading}
        dataSource={page.data?.items ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.none')} /> }}
        renderItem={(r) => {
          const url = String(r.doc[tile.url!] ?? '');
          return (
            <List.Item data-record={r.id}>
              {/^https?:\/\//i.test(url) ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {recordTitle(reg, r.doc, lang)}
                </a>
              ) : (
                recordTitle(reg, r.doc, lang)
              )}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
