import { Button, Space } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { ALL_COMPANIES, availableActions, hasPermission, partyOf, readsThroughGrant, text } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import type { EntityRecord } from '../env/data-provider.ts';
import { useRecordCache } from '../env/record-cache.ts';
import { PayloadModal } from '../detail/PayloadModal.tsx';
import { useActionRunner } from '../detail/use-action-runner.ts';

/**
 * A list row's declared actions (routes.partyLists `rowActions`) the user may take on the record
 * now — on its side, in its state, with the permission — run as the detail page runs them
 * (confirmation, payload dialog), and its declared documents (`rowDocuments`) to download.
 */
export function RowActions({ reg, record, actions: names, documents = [], reload }: { reg: RegisteredEntity; record: EntityRecord; actions: readonly string[]; documents?: readonly string[]; reload(): void }) {
  const { lang, permissions, companyId } = useRendererEnv();
  const cache = useRecordCache();
  const runner = useActionRunner(reg, record, (next) => cache.changed(reg.name, next), reload);
  const party = companyId === undefined ? undefined : partyOf(reg.entity, record, companyId);
  const readOnly = readsThroughGrant(party, hasPermission(permissions, ALL_COMPANIES));
  const actions = record.snapshot && !readOnly ? availableActions(reg, record.snapshot, permissions, lang, party).filter((a) => names.includes(a.event)) : [];
  return (
    <Space size={4} wrap data-testid={`row-actions-${record.id}`}>
      {actions.map((a) => (
        <Button
          key={a.event}
          size="small"
          type={a.variant === 'primary' ? 'primary' : 'default'}
          danger={a.variant === 'danger'}
          loading={runner.busy === a.event}
          disabled={runner.busy !== undefined && runner.busy !== a.event}
          onClick={() => runner.start(a)}
          data-testid={`row-action-${a.event}`}
        >
          {a.label}
        </Button>
      ))}
      {documents.flatMap((key) => {
        const doc = reg.entity.documents?.[key];
        if (!doc) return [];
        const href = `/api/entities/${encodeURIComponent(reg.name)}/${encodeURIComponent(record.id)}/documents/${encodeURIComponent(key)}?lang=${lang}`;
        return [
          <Button key={key} size="small" type="link" href={href} download data-testid={`row-document-${key}`}>
            {text(doc.label, lang, key)}
          </Button>,
        ];
      })}
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
    </Space>
  );
}
