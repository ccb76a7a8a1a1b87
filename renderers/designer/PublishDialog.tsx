import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Modal, Select, Spin } from 'antd';
import type { TemplateBundle } from '../../engine/index.ts';
import { useDesigner } from './designer-context.tsx';
import { asFailure, type MenuPlacement, type PlacementChoices } from './template-api.ts';

/** The select's value for the top level of the menu (a group id is never empty). */
const TOP = '';

/**
 * The placement the dialog starts from: the one the draft carries (a new version's draft is a copy
 * of the previous version, so its placement); a previous version published before placements
 * showed to every role, so every role; a first version, none.
 */
export function initialPlacement(bundle: TemplateBundle, hasPrevious: boolean, roles: readonly string[]): MenuPlacement {
  const menu = bundle.entity.menu;
  if (menu?.roles) return { group: menu.group ?? null, roles: [...menu.roles] };
  return { group: menu?.group ?? null, roles: hasPrevious ? [...roles] : [] };
}

export interface PublishDialogProps {
  open: boolean;
  version: number;
  /** Whether an earlier version was published (its placement is the starting point). */
  hasPrevious: boolean;
  onCancel(): void;
  onPublish(placement: MenuPlacement): void;
}

/** Asks where the version appears in the menu and for which roles, then publishes it (docs/templates.md, "Menu placement"). */
export function PublishDialog({ open, version, hasPrevious, onCancel, onPublish }: PublishDialogProps) {
  const { t, api, store } = useDesigner();
  const [choices, setChoices] = useState<PlacementChoices>();
  const [failure, setFailure] = useState<string>();
  const [placement, setPlacement] = useState<MenuPlacement>({ group: null, roles: [] });

  useEffect(() => {
    if (!open) return;
    let live = true;
    setFailure(undefined);
    api.placementChoices().then(
      (c) => {
        if (!live) return;
        setChoices(c);
        setPlacement(initialPlacement(store.getState().doc.bundle, hasPrevious, c.roles.map((r) => r.code)));
      },
      (e: unknown) => live && setFailure(asFailure(e).message),
    );
    return () => {
      live = false;
    };
  }, [open, api, store, hasPrevious]);

  return (
    <Modal
      open={open}
      title={t('publishDialog.title', { version })}
      okText={t('publishDialog.confirm')}
      cancelText={t('publishDialog.cancel')}
      okButtonProps={{ disabled: !choices, id: 'publish-confirm' }}
      onOk={() => onPublish(placement)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} />}
      {!choices && !failure && <Spin />}
      {choices && (
        <Form layout="vertical" data-testid="publish-dialog">
          <Form.Item label={t('publishDialog.group')} htmlFor="publish-group">
            <Select
              id="publish-group"
              data-testid="publish-group"
              value={placement.group ?? TOP}
              onChange={(group: string) => setPlacement((p) => ({ ...p, group: group === TOP ? null : group }))}
              options={[{ value: TOP, label: t('publishDialog.top') }, ...choices.groups.map((g) => ({ value: g.id, label: g.label }))]}
            />
          </Form.Item>
          <Form.Item label={t('publishDialog.roles')} extra={t('publishDialog.rolesHelp')}>
            <Checkbox.Group
              data-testid="publish-roles"
              value={placement.roles}
              onChange={(roles) => setPlacement((p) => ({ ...p, roles: roles as string[] }))}
              options={choices.roles.map((r) => ({ value: r.code, label: r.label }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
