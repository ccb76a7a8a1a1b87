import { App, Button, type ButtonProps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { EntityRecord, RegisteredEntity } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { listPath } from '../env/entity-paths.ts';
import { errorMessage } from '../env/error-message.ts';
import { useRecordCache } from '../env/record-cache.ts';

/**
 * Deleting a record of an entity without a lifecycle (one with a lifecycle deletes through its
 * declared removing action): after a confirmation; a refusal (a record that another holds, as a
 * TRF holds its sample's material) is shown as the server words it.
 */
export function DeleteButton({ reg, record }: { reg: RegisteredEntity; record: EntityRecord }) {
  const { t, data, navigate } = useRendererEnv();
  const { message, modal } = App.useApp();
  const cache = useRecordCache();
  const remove = useMutation({
    mutationFn: () => data.remove({ entity: reg.name, id: record.id, version: record.version }),
    onSuccess: () => {
      cache.removed(reg.name, record.id);
      message.success(t('detail.removed'));
      navigate(listPath(reg));
    },
    onError: (e: unknown) => void message.error(errorMessage(e) ?? t('common.loadFailed')),
  });
  const confirm = () =>
    modal.confirm({
      title: t('detail.deleteConfirm'),
      okText: t('detail.delete'),
      okButtonProps: { danger: true, 'data-testid': 'detail-delete-ok' } as ButtonProps,
      cancelText: t('detail.dismiss'),
      onOk: () => remove.mutate(),
    });
  return (
    <Button danger loading={remove.isPending} onClick={confirm} data-testid="detail-delete">
      {t('detail.delete')}
    </Button>
  );
}
