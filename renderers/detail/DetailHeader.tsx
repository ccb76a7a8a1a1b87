import { lazy, Suspense, useEffect, useRef } from 'react';
import { App, Button, Card, Flex, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { RegisteredEntity } from '../../engine/index.ts';
import { ALL_COMPANIES, availableActions, editableFields, hasPermission, partyOf, permittedFields, readsThroughGrant, recordTitle, text } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import type { AuditEntry, EntityRecord } from '../env/data-provider.ts';
import { formPath, listPath } from '../env/entity-paths.ts';
import { errorMessage } from '../env/error-message.ts';
import { useRecordCache } from '../env/record-cache.ts';
import { formatDateTime, stateFieldsOf } from '../format/format-value.ts';
import { StateTag } from '../format/StateTag.tsx';
import { PayloadModal } from './PayloadModal.tsx';
import { useActionRunner } from './use-action-runner.ts';

/** The statechart viewer (ELK layout, worker) loads only when a record with a lifecycle is shown. */
import { DeleteButton } from './DeleteButton.tsx';

const LifecycleButton = lazy(() => import('../statechart/LifecycleButton.tsx').then((m) => ({ default: m.LifecycleButton })));

export interface DetailHeaderProps {
  reg: RegisteredEntity;
  record: EntityRecord;
  /** The record's audit trail, drawn as its path in the lifecycle view. */
  history: readonly AuditEntry[];
  onRecord(record: EntityRecord): void;
  reload(): void;
  /** An action to ask for as soon as the page shows (an entity's `routes.actionPages`). */
  openAction?: string;
}

/** Title, state tags and every button the user can press now: Edit, Copy and the lifecycle actions. */
export function DetailHeader({ reg, record, history, onRecord, reload, openAction }: DetailHeaderProps) {
  const { lang, t, data, permissions, companyId, navigate } = useRendererEnv();
  const { message } = App.useApp();
  const runner = useActionRunner(reg, record, onRecord, reload);
  const party = companyId === undefined ? undefined : partyOf(reg.entity, record, companyId);
  const readOnly = readsThroughGrant(party, hasPermission(permissions, ALL_COMPANIES));
  const actions = record.snapshot && !readOnly ? availableActions(reg, record.snapshot, permissions, lang, party) : [];
  const onItsSide = reg.entity.access?.updatedBy !== 'owner' || party !== 'shared' || hasPermission(permissions, ALL_COMPANIES);
  // The fields the state lets change that this user may change (its update permission, or a field's own code).
  const mayEdit = !readOnly && onItsSide && permittedFields(reg, editableFields(reg, record.snapshot ?? undefined), permissions).size > 0;
  const copy = reg.entity.copy;
  const mayCopy = copy && hasPermission(permissions, copy.permission);
  // A record without a lifecycle is deleted here (with one, through its declared removing action).
  const deletion = reg.entity.permissions.delete;
  const mayDelete = !reg.machine && !readOnly && party !== 'shared' && deletion !== undefined && hasPermission(permissions, deletion);
  const title = recordTitle(reg, record.doc, lang) || text(reg.entity.label, lang, reg.name);
  // An action page (routes.actionPages) asks for its action once, when the record first shows.
  const opened = useRef(false);
  const pageAction = openAction ? actions.find((a) => a.event === openAction) : undefined;
  useEffect(() => {
    if (!openAction || opened.current) return;
    opened.current = true;
    if (pageAction) runner.start(pageAction);
    else message.warning(t('detail.actionUnavailable'));
  }, [openAction, pageAction, runner, message, t]);

  const cache = useRecordCache();
  const copying = useMutation({
    mutationFn: () => data.copy({ entity: reg.name, id: record.id }),
    onSuccess: (created) => {
      cache.changed(reg.name, created);
      // A revision (copy.revision) is a new version of the same document; another copy, a new record of its kind.
      const version = copy?.revision ? created.doc[copy.revision.versionField] : undefined;
      message.success(version !== undefined ? t('detail.revised', { version: String(version) }) : t('detail.copied', { entity: text(reg.entity.label, lang, reg.name) }));
      navigate(formPath(reg, created.id));
    },
    onError: (e: unknown) => message.error(errorMessage(e) ?? t('common.loadFailed')),
  });

  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Space wrap>
          <Button onClick={() => navigate(listPath(reg))}>{t('common.back')}</Button>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-title">
            {title}
          </Typography.Title>
          <span data-testid="detail-states">
            {stateFieldsOf(reg).map((field) => (
              <StateTag key={field} reg={reg} field={field} value={record.states[field]} />
            ))}
          </span>
          {record.createdByName && (
            <Typography.Text type="secondary">{t('detail.createdBy', { name: record.createdByName, at: formatDateTime(record.createdAt, lang) })}</Typography.Text>
          )}
        </Space>
        <Space wrap data-testid="detail-actions">
          {mayEdit && <Button onClick={() => navigate(formPath(reg, record.id))}>{t('detail.edit')}</Button>}
          {mayCopy && <Button loading={copying.isPending} onClick={() => copying.mutate()}>{text(copy.label, lang)}</Button>}
          {Object.entries(reg.entity.documents ?? {}).map(([key, doc]) => (
            <Button key={key} href={`/api/entities/${encodeURIComponent(reg.name)}/${encodeURIComponent(record.id)}/documents/${encodeURIComponent(key)}?lang=${lang}`} download data-testid={`document-${key}`}>
              {text(doc.label, lang, key)}
            </Button>
          ))}
          {mayDelete && <DeleteButton reg={reg} record={record} />}
          {reg.entity.routes.print && (
            <Button onClick={() => navigate(`${reg.entity.routes.print}?id=${encodeURIComponent(record.id)}`)} data-testid="detail-print">
              {t('print.preview')}
            </Button>
          )}
          {reg.machine && record.snapshot && (
            <Suspense fallback={null}>
              <LifecycleButton reg={reg} record={record} permissions={permissions} history={history} lang={lang} />
            </Suspense>
          )}
          {actions.map((a) => (
            <Button
              key={a.event}
              type={a.variant === 'primary' ? 'primary' : 'default'}
              danger={a.variant === 'danger'}
              loading={runner.busy === a.event}
              disabled={runner.busy !== undefined && runner.busy !== a.event}
              onClick={() => runner.start(a)}
            >
              {a.label}
            </Button>
          ))}
        </Space>
      </Flex>
      {runner.asking && (
        <PayloadModal
          key={runner.asking.event}
          reg={reg}
          action={runner.asking}
          initial={runner.initialPayload}
          busy={runner.busy === runner.asking.event}
          onSubmit={(payload) => runner.asking && runner.send(runner.asking, payload)}
          onCancel={runner.cancel}
        />
      )}
    </Card>
  );
}
