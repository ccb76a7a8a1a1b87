import { useMemo, useRef, useState } from 'react';
import { Modal } from 'antd';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { AvailableAction, RegisteredEntity } from '../../engine/index.ts';
import { toFieldErrors } from '../../engine/index.ts';
import type { EntitySchema } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { formValidatorFor } from '../form/form-validator.ts';
import { transformErrorsFor } from '../form/transform-errors.ts';
import { FORM_DEFAULTS } from '../form/form-defaults.ts';
import { toErrorSchema } from '../form/error-schema.ts';
import { inlineMessage } from '../form/inline-message.ts';
import { localizePayloadSchema } from '../form/localize-payload.ts';
import { portalWidgets, assertKnownWidgets } from '../form/widgets/index.ts';
import { releaseHeldInput } from '../form/speed/index.ts';

export interface PayloadModalProps {
  reg: RegisteredEntity;
  action: AvailableAction;
  /** Starting values (e.g. the document's current values of the fields the event sets). */
  initial: Record<string, unknown>;
  busy: boolean;
  onSubmit(payload: Record<string, unknown>): void;
  onCancel(): void;
}

/** Asks for an action's payload with a form generated from its declared payload schema. */
export function PayloadModal({ reg, action, initial, busy, onSubmit, onCancel }: PayloadModalProps) {
  const { lang, t } = useRendererEnv();
  const [formData, setFormData] = useState<Record<string, unknown>>(initial);
  /** The data as the form last reported it (rendered or not): OK reads it after the fields' held input is handed over. */
  const latest = useRef(formData);
  const [errors, setErrors] = useState<ErrorSchema | undefined>();
  const { schema, uiSchema } = useMemo(() => {
    const localized = localizePayloadSchema(action.payloadSchema ?? { type: 'object' }, lang);
    assertKnownWidgets(localized.schema, localized.uiSchema);
    return localized;
  }, [action.payloadSchema, lang]);
  const transformErrors = useMemo(() => transformErrorsFor((action.payloadSchema ?? { type: 'object' }) as EntitySchema, lang), [action.payloadSchema, lang]);

  const submit = () => {
    releaseHeldInput();
    const payload = latest.current;
    const validate = reg.validatePayload[action.event];
    if (validate && !validate(payload)) {
      const schema = { ...(action.payloadSchema as EntitySchema), $id: action.event };
      const list = toFieldErrors(schema, validate.errors, lang);
      setErrors(toErrorSchema(list.map((e) => ({ field: e.field, message: inlineMessage(schema, lang, e.field, e.message) }))));
      return;
    }
    onSubmit(payload);
  };

  return (
    <Modal
      open
      title={t('detail.payloadTitle', { action: action.label })}
      okText={action.label}
      cancelText={t('detail.dismiss')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ danger: action.variant === 'danger' }}
      destroyOnHidden
    >
      <Form
        tagName="div"
        schema={schema as RJSFSchema}
        uiSchema={uiSchema as UiSchema}
        formData={formData}
        validator={formValidatorFor(schema)}
          transformErrors={transformErrors}
        experimental_defaultFormStateBehavior={FORM_DEFAULTS}
        widgets={portalWidgets}
        extraErrors={errors}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => {
          latest.current = (e.formData ?? {}) as Record<string, unknown>;
          setFormData(latest.current);
        }}
      />
    </Modal>
  );
}
