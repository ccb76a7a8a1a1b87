import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { text, type AccountPosts, type AccountPostsPage, type DeclaredAccessEntry, type PostChange } from '../../../engine/index.ts';
import { assignPosts, listAccountPosts, postHistory } from '../../api/account-posts.ts';
import { alreadyShown } from '../../api/client.ts';
import { useLanguage } from '../../i18n/language-store.ts';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * /accountPost/index: the post roles of accounts (schemas/_access/posts.json). A customer admin
 * sees the accounts of their own company; internal staff every company's, filtered by company.
 * A post given here counts from the account's next request.
 */
export default function AccountPostsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const [page, setPage] = useState<AccountPostsPage>();
  const [companyId, setCompanyId] = useState<string>();
  const [loading, setLoading] = useState(true);
  const [edits, setEdits] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState<string>();
  const [history, setHistory] = useState<{ account: AccountPosts; changes: PostChange[] }>();

  const reload = useCallback(() => {
    setLoading(true);
    listAccountPosts(companyId)
      .then(setPage, alreadyShown)
      .finally(() => setLoading(false));
  }, [companyId]);
  useEffect(reload, [reload]);

  const [labelOf, roleLabel] = useMemo(() => {
    const labels = (declared: readonly DeclaredAccessEntry[]) => {
      const byName = new Map(declared.map((d) => [d.name, text(d.label, lang, d.name)]));
      return (name: string) => byName.get(name) ?? name;
    };
    return [labels(page?.posts ?? []), labels(page?.roles ?? [])];
  }, [page, lang]);
  const options = (page?.posts ?? []).map((p) => ({ value: p.name, label: text(p.label, lang, p.name), title: p.description ? text(p.description, lang) : undefined }));
  const postsOf = (row: AccountPosts) => edits[row.id] ?? row.posts;
  const changed = (row: AccountPosts) => edits[row.id] !== undefined && [...edits[row.id]!].sort().join() !== [...row.posts].sort().join();

  const save = async (row: AccountPosts) => {
    setSaving(row.id);
    try {
      const saved = await assignPosts(row.id, postsOf(row));
      setPage((p) => p && { ...p, accounts: p.accounts.map((a) => (a.id === saved.id ? saved : a)) });
      setEdits(({ [row.id]: _saved, ...rest }) => rest);
      message.success(t('accountPosts.saved', { account: row.account }));
    } catch {
      alreadyShown();
    } finally {
      setSaving(undefined);
    }
  };
  const showHistory = (account: AccountPosts) => postHistory(account.id).then((changes) => setHistory({ account, changes }), alreadyShown);
  const postList = (posts: readonly string[]) => (posts.length ? posts.map(labelOf).join(lang === 'zh-CN' ? '、' : ', ') : t('accountPosts.none'));

  return (
    <>
      <Table<AccountPosts>
        rowKey="id"
        loading={loading}
        dataSource={page?.accounts ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="account-posts"
        title={() => (
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <strong>{t('route.accountPosts')}</strong>
            {page?.allCompanies && (
              <Select
                id="account-posts-company"
                aria-label={t('accountPosts.company')}
                style={{ minWidth: 280 }}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('accountPosts.allCompanies')}
                value={companyId}
                onChange={(v?: string) => setCompanyId(v)}
                options={page.companies.map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
          </Space>
        )}
        columns={[
          { title: t('accountPosts.account'), dataIndex: 'account' },
          { title: t('accountPosts.userName'), dataIndex: 'userName' },
          { title: t('accountPosts.email'), dataIndex: 'email' },
          ...(page?.allCompanies ? [{ title: t('accountPosts.company'), dataIndex: 'companyName' }] : []),
          {
            title: t('accountPosts.roles'),
            dataIndex: 'roles',
            render: (roles: string[]) => (
              <Space size={[0, 4]} wrap>
                {roles.map((r) => (
                  <Tag key={r}>{roleLabel(r)}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('accountPosts.posts'),
            key: 'posts',
            width: 300,
            render: (_, row) => (
              <Select
                mode="multiple"
                data-testid={`posts-${row.account}`}
                aria-label={t('accountPosts.postsOf', { account: row.account })}
                style={{ width: '100%' }}
                placeholder={t('accountPosts.none')}
                value={postsOf(row)}
                options={options}
                onChange={(posts: string[]) => setEdits((e) => ({ ...e, [row.id]: posts }))}
              />
            ),
          },
          {
            title: t('accountPosts.lastChange'),
            key: 'lastChange',
            render: (_, row) =>
              row.postsChangedAt ? (
                <Typography.Text type="secondary">{t('accountPosts.changedBy', { time: when(row.postsChangedAt), name: row.postsChangedBy ?? '' })}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('accountPosts.never')}</Typography.Text>
              ),
          },
          {
            title: t('accountPosts.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" type="primary" disabled={!changed(row)} loading={saving === row.id} onClick={() => save(row)} data-testid={`save-posts-${row.account}`}>
                  {t('accountPosts.save')}
                </Button>
                <Button size="small" onClick={() => showHistory(row)}>
                  {t('accountPosts.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!history} title={t('accountPosts.historyTitle', { account: history?.account.account ?? '' })} footer={null} onCancel={() => setHistory(undefined)}>
        {history && !history.changes.length && <Typography.Text type="secondary">{t('accountPosts.never')}</Typography.Text>}
        {history && history.changes.length > 0 && (
          <Table<PostChange>
            rowKey="at"
            size="small"
            pagination={false}
            dataSource={history.changes}
            columns={[
              { title: t('accountPosts.when'), dataIndex: 'at', render: when },
              { title: t('accountPosts.by'), dataIndex: 'actorName' },
              { title: t('accountPosts.from'), dataIndex: 'from', render: postList },
              { title: t('accountPosts.to'), dataIndex: 'to', render: postList },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
