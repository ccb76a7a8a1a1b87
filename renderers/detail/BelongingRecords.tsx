import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Typography } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { hasPermission, text } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { errorMessage } from '../env/error-message.ts';
import { entityKeys } from '../env/query-keys.ts';
import { useRecordCache } from '../env/record-cache.ts';
import { formatDateTime } from '../format/format-value.ts';
import { SchemaFormModal } from '../form/SchemaFormModal.tsx';
import type { FieldMessage } from '../form/error-schema.ts';
import { belongingFormSchema, threadOf } from './belonging-form.ts';

/** The most records of one parent a page shows (the list endpoint's largest page). */
const PAGE = 200;

/**
 * The records belonging to a record (an entity declaring `belongsTo` it: a TRF's comments), on
 * the parent's detail page: as a thread when they answer each other (`belongsTo.replyTo`), each
 * with its author, company and time; a new one or a reply made in a modal form generated from the
 * entity's schema. The server decides who may add one (and says why not in the user's language).
 */
export function BelongingRecords({ reg, parent }: { reg: RegisteredEntity; parent: EntityRecord }) {
  const { lang, t, data, permissions } = useRendererEnv();
  const { message } = App.useApp();
  const cache = useRecordCache();
  const belongs = reg.entity.belongsTo!;
  const params = { page: 1, pageSize: PAGE, filters: { [belongs.field]: parent.id } };
  const { data: result, error, refetch } = useQuery({ queryKey: entityKeys.list(reg.name, params), queryFn: () => data.list({ entity: reg.name, ...params }) });
  const schema = useMemo(() => belongingFormSchema(reg), [reg]);
  const [editing, setEditing] = useState<{ replyTo?: EntityRecord }>();
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly FieldMessage[]>();
  const label = text(reg.entity.label, lang, reg.name);
  // A parent read only through an authorization takes no new records (the server would refuse them).
  const mayAdd = !parent.throughGrant && hasPermission(permissions, reg.entity.permissions.create);
  const titleField = reg.entity.titleField;

  const submit = async (doc: Record<string, unknown>) => {
    setBusy(true);
    try {
      const reply = editing?.replyTo && belongs.replyTo ? { [belongs.replyTo]: editing.replyTo.id } : {};
      const made = await data.create({ entity: reg.name, doc: { ...doc, ...reply, [belongs.field]: parent.id } });
      cache.changed(reg.name, made);
      setEditing(undefined);
      setServerErrors(undefined);
      void message.success(t('belonging.posted', { entity: label }));
    } catch (e) {
      const fields = (e as { errors?: FieldMessage[] }).errors;
      if (fields?.length) setServerErrors(fields);
      else void message.error(errorMessage(e) ?? t('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const items = threadOf(result?.items ?? [], belongs.replyTo);
  return (
    <Card
      size="small"
      title={label}
      data-testid={`belonging-${reg.name}`}
      extra={mayAdd && <Button type="primary" size="small" onClick={() => setEditing({})} data-testid="belonging-add">{t('belonging.add', { entity: label })}</Button>}
    >
      {error ? (
        <Alert type="error" showIcon title={errorMessage(error) ?? t('common.loadFailed')} action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('belonging.empty', { entity: label })} />
      ) : (
        <Flex vertical gap={12}>
          {items.map(({ record, depth }) => (
            <div key={record.id} data-testid="belonging-item" style={{ marginInlineStart: Math.min(depth, 4) * 24, borderInlineStart: depth ? '2px solid rgba(0,0,0,0.08)' : undefined, paddingInlineStart: depth ? 12 : 0 }}>
              <Typography.Text type="secondary">
                {record.createdByName} · {record.companyName} · {formatDateTime(record.createdAt, lang)}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{String(record.doc[titleField] ?? '')}</Typography.Paragraph>
              {mayAdd && belongs.replyTo && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEditing({ replyTo: record })} data-testid="belonging-reply">
                  {t('belonging.reply')}
                </Button>
              )}
            </div>
          ))}
        </Flex>
      )}
      {editing && (
        <SchemaFormModal
          schema={schema}
          title={editing.replyTo ? t('belonging.replyTo', { name: editing.replyTo.createdByName }) : t('belonging.add', { entity: label })}
          okText={t('belonging.post')}
          initial={{}}
          busy={busy}
          serverErrors={serverErrors}
          onSubmit={(doc) => void submit(doc)}
          onCancel={() => {
            setEditing(undefined);
            setServerErrors(undefined);
          }}
          testId="belonging-form"
        />
      )}
    </Card>
  );
}
