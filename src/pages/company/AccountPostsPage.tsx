import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Input, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { text, type AccountPosts, type DeclaredAccessEntry, type PostChange } from '../../../engine/index.ts';
import { SchemaFormModal } from '../../../renderers/form/SchemaFormModal.tsx';
import type { FieldMessage } from '../../../renderers/form/error-schema.ts';
import { assignPosts, createAccount, editAccount, listAccountPosts, postHistory, switchAccount } from '../../api/account-posts.ts';
import { ApiError } from '../../api/api-error.ts';
import { alreadyShown } from '../../api/client.ts';
import { managedAccountKeys } from '../../api/query-keys.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { accountFormSchema, accountTypeLabel, formOf } from './account-form.ts';
import { AccountRowActions } from './AccountRowActions.tsx';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
/** The state's dot (its text keeps the body colour, readable on any row). */
const STATE_DOTS = { enabled: 'success', disabled: 'error', reclaimed: 'warning', closed: 'default' } as const;

/**
 * /accountPost/index: account management (issue 14) and post roles (schemas/_access/posts.json).
 * A customer admin creates, edits, disables and enables the accounts of their own company;
 * internal staff those of any company (filtered by company). The list is paged by the server
 * (20 a page) and searched by account, name or email; a post given here counts from the
 * account's next request, a disabled account's sessions end at once.
 */
export default function AccountPostsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [companyId, setCompanyId] = useState<string>();
  const [q, setQ] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = { companyId, q: q || undefined, page: pageNo };
  const list = useQuery({ queryKey: managedAccountKeys.page(query), queryFn: () => listAccountPosts(query), placeholderData: keepPreviousData });
  const page = list.data;
  const [edits, setEdits] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState<string>();
  const [history, setHistory] = useState<{ account: AccountPosts; changes: PostChange[] }>();
  /** The account form: a new account (no id) or the one being edited. */
  const [editing, setEditing] = useState<{ account?: AccountPosts; errors?: FieldMessage[] }>();
  const [busy, setBusy] = useState(false);
  const changedList = () => queries.invalidateQueries({ queryKey: managedAccountKeys.all });

  const [labelOf, roleLabel] = useMemo(() => {
    const labels = (declared: readonly DeclaredAccessEntry[]) => {
      const byName = new Map(declared.map((d) => [d.name, text(d.label, lang, d.name)]));
      return (name: string) => byName.get(name) ?? name;
    };
    return [labels(page?.posts ?? []), labels(page?.roles ?? [])];
  }, [page, lang]);
  const formSchema = useMemo(() => accountFormSchema(page?.posts ?? []), [page?.posts]);
  const options = (page?.posts ?? []).map((p) => ({ value: p.name, label: text(p.label, lang, p.name), title: p.description ? text(p.description, lang) : undefined }));
  const postsOf = (row: AccountPosts) => edits[row.id] ?? row.posts;
  const changed = (row: AccountPosts) => edits[row.id] !== undefined && [...edits[row.id]!].sort().join() !== [...row.posts].sort().join();

  const save = async (row: AccountPosts) => {
    setSaving(row.id);
    try {
      await assignPosts(row.id, postsOf(row));
      await changedList();
      setEdits(({ [row.id]: _saved, ...rest }) => rest);
      message.success(t('accountPosts.saved', { account: row.account }));
    } catch {
      alreadyShown();
    } finally {
      setSaving(undefined);
    }
  };
  const submitForm = async (doc: Record<string, unknown>) => {
    const account = editing?.account;
    setBusy(true);
    try {
      const saved = account ? await editAccount(account.id, doc) : await createAccount({ ...doc, ...(companyId ? { companyId } : {}) });
      await changedList();
      setEditing(undefined);
      message.success(t(account ? 'accountPosts.edited' : 'accountPosts.created', { account: saved.account, email: saved.email ?? '' }));
    } catch (e) {
      const errors = e instanceof ApiError ? [...(e.errors ?? [])] : [];
      if (errors.length) setEditing((s) => s && { ...s, errors });
      else message.error(e instanceof Error && e.message ? e.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  const switchTo = (row: AccountPosts, to: 'disable' | 'enable' | 'close') =>
    switchAccount(row.id, to)
      .then(changedList)
      .then(() => message.success(t(`accountPosts.${to}d`, { account: row.account })), alreadyShown);
  const showHistory = (account: AccountPosts) => postHistory(account.id).then((changes) => setHistory({ account, changes }), alreadyShown);
  const stateText = (state: string) => (state in STATE_DOTS ? t(`accountPosts.states.${state}`) : state);
  const postList = (posts: readonly string[]) => (posts.length ? posts.map(labelOf).join(lang === 'zh-CN' ? '、' : ', ') : t('accountPosts.none'));
  // Staff create an account in the company they filter by.
  const mayCreate = page !== undefined && (!page.allCompanies || companyId !== undefined);

  return (
    <>
      <Table<AccountPosts>
        rowKey="id"
        loading={list.isFetching}
        dataSource={page?.accounts ?? []}
        pagination={{ current: pageNo, pageSize: 20, total: page?.total ?? 0, showSizeChanger: false, onChange: setPageNo, showTotal: (total) => t('accountPosts.total', { total }) }}
        data-testid="account-posts"
        scroll={{ x: 'max-content' }}
        title={() => (
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <strong>{t('route.accountPosts')}</strong>
            <Space wrap>
              <Input.Search
                allowClear
                aria-label={t('accountPosts.search')}
                placeholder={t('accountPosts.search')}
                style={{ width: 260 }}
                onSearch={(v) => {
                  setQ(v.trim());
                  setPageNo(1);
                }}
                data-testid="account-search"
              />
              {page?.allCompanies && (
                <Select
                  id="account-posts-company"
                  aria-label={t('accountPosts.company')}
                  style={{ minWidth: 280 }}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('accountPosts.allCompanies')}
                  value={companyId}
                  onChange={(v?: string) => {
                    setCompanyId(v);
                    setPageNo(1);
                  }}
                  options={page.companies.map((c) => ({ value: c.id, label: c.name }))}
                />
              )}
              <Tooltip title={mayCreate ? undefined : t('accountPosts.chooseCompany')}>
                <Button type="primary" disabled={!mayCreate} onClick={() => setEditing({})} data-testid="new-account">
                  {t('accountPosts.newAccount')}
                </Button>
              </Tooltip>
            </Space>
          </Space>
        )}
        columns={[
          { title: t('accountPosts.account'), dataIndex: 'account', fixed: 'left' },
          { title: t('accountPosts.userName'), dataIndex: 'userName' },
          { title: t('accountPosts.email'), dataIndex: 'email' },
          { title: t('accountPosts.mobile'), dataIndex: 'mobile' },
          ...(page?.allCompanies ? [{ title: t('accountPosts.company'), dataIndex: 'companyName' }] : []),
          { title: t('accountPosts.type'), dataIndex: 'accountType', render: (v: string | null) => accountTypeLabel(v, lang) },
          { title: t('accountPosts.department'), dataIndex: 'department' },
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
            width: 260,
            render: (_, row) => (
              <Select
                mode="multiple"
                data-testid={`posts-${row.account}`}
                aria-label={t('accountPosts.postsOf', { account: row.account })}
                style={{ width: '100%', minWidth: 220 }}
                placeholder={t('accountPosts.none')}
                value={postsOf(row)}
                options={options}
                onChange={(posts: string[]) => setEdits((e) => ({ ...e, [row.id]: posts }))}
              />
            ),
          },
          {
            title: t('accountPosts.state'),
            dataIndex: 'accountState',
            render: (state: keyof typeof STATE_DOTS) => <Badge status={STATE_DOTS[state] ?? 'default'} text={t(`accountPosts.states.${state}`)} data-testid="account-state" />,
          },
          {
            title: t('accountPosts.lastChange'),
            key: 'lastChange',
            render: (_, row) => (
              <Typography.Text type="secondary">
                {row.postsChangedAt ? t('accountPosts.changedBy', { time: when(row.postsChangedAt), name: row.postsChangedBy ?? '' }) : t('accountPosts.never')}
              </Typography.Text>
            ),
          },
          {
            // Fixed at the right edge: the row's actions stay in view however wide the other columns are (issue 53, 1440 px).
            title: t('accountPosts.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <AccountRowActions
                row={row}
                changed={changed(row)}
                saving={saving === row.id}
                onSave={() => save(row)}
                onEdit={() => setEditing({ account: row })}
                onSwitch={(to) => switchTo(row, to)}
                onHistory={() => showHistory(row)}
              />
            ),
          },
        ]}
      />
      {editing && (
        <SchemaFormModal
          schema={formSchema}
          title={editing.account ? t('accountPosts.editTitle', { account: editing.account.account }) : t('accountPosts.newAccount')}
          okText={t('accountPosts.save')}
          initial={editing.account ? formOf(editing.account) : { accountType: 'user', posts: [] }}
          busy={busy}
          serverErrors={editing.errors}
          onSubmit={submitForm}
          onCancel={() => setEditing(undefined)}
          testId="managed-account-form"
        />
      )}
      <Modal open={!!history} title={t('accountPosts.historyTitle', { account: history?.account.account ?? '' })} footer={null} onCancel={() => setHistory(undefined)}>
        {history && !history.changes.length && <Typography.Text type="secondary">{t('accountPosts.never')}</Typography.Text>}
        {history && history.changes.length > 0 && (
          <Table<PostChange>
            rowKey={(c) => `${c.at}:${c.state?.to ?? c.to.join()}`}
            size="small"
            pagination={false}
            dataSource={history.changes}
            columns={[
              { title: t('accountPosts.when'), dataIndex: 'at', render: when },
              { title: t('accountPosts.by'), dataIndex: 'actorName' },
              { title: t('accountPosts.from'), key: 'from', render: (_, c) => (c.state ? stateText(c.state.from) : postList(c.from)) },
              { title: t('accountPosts.to'), key: 'to', render: (_, c) => (c.state ? stateText(c.state.to) : postList(c.to)) },
            ]}
          />
        )}
      </Modal>
    </>
  );
}
