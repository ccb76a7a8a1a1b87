import { useMemo, useRef, useState } from 'react';
import { Modal } from 'antd';
import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validateForm, type EntitySchema } from '../../engine/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { formValidatorFor } from './form-validator.ts';
import { transformErrorsFor } from './transform-errors.ts';
import { FORM_DEFAULTS } from './form-defaults.ts';
import { toErrorSchema, type FieldMessage } from './error-schema.ts';
import { inlineMessage } from './inline-message.ts';
import { localizePayloadSchema } from './localize-payload.ts';
import { portalWidgets, assertKnownWidgets } from './widgets/index.ts';
import { releaseHeldInput } from './speed/index.ts';

/** The fields with a value (an emptied input is absent, as for the server). */
const present = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined && v !== ''));

export interface SchemaFormModalProps {
  /** A standalone form schema (not an entity's): its labels, messages and widgets come from its `x-` annotations. */
  schema: EntitySchema;
  title: string;
  okText: string;
  initial: Record<string, unknown>;
  busy: boolean;
  /** The server's field errors of the last submit, shown under their fields. */
  serverErrors?: readonly FieldMessage[];
  onSubmit(doc: Record<string, unknown>): void;
  onCancel(): void;
  testId?: string;
}

/**
 * A modal form generated from a standalone JSON Schema (account management's account form):
 * checked against the same schema as the server before it is sent, each message under its field
 * in the user's language; the server's own field errors (duplicates) shown the same way.
 */
export function SchemaFormModal({ schema, title, okText, initial, busy, serverErrors, onSubmit, onCancel, testId }: SchemaFormModalProps) {
  const { lang } = useRendererEnv();
  const [formData, setFormData] = useState<Record<string, unknown>>(initial);
  /** The data as the form last reported it: OK reads it after the fields' held input is handed over. */
  const latest = useRef(formData);
  const [own, setOwn] = useState<FieldMessage[] | undefined>();
  /** The server's errors stay shown until the user changes the form. */
  const [fromServer, setFromServer] = useState(serverErrors);
  const [lastServer, setLastServer] = useState(serverErrors);
  if (lastServer !== serverErrors) {
    setLastServer(serverErrors);
    setFromServer(serverErrors);
  }
  const localized = useMemo(() => {
    const l = localizePayloadSchema(schema, lang);
    assertKnownWidgets(l.schema, l.uiSchema);
    return l;
  }, [schema, lang]);
  const transformErrors = useMemo(() => transformErrorsFor(schema, lang), [schema, lang]);
  const shown = (own ?? fromServer ?? []).map((e) => ({ field: e.field, message: inlineMessage(schema, lang, e.field, e.message) }));

  const submit = () => {
    releaseHeldInput();
    const doc = present(latest.current);
    const errors = validateForm(schema, doc, lang);
    setOwn(errors.length ? errors : undefined);
    if (!errors.length) onSubmit(doc);
  };

  return (
    <Modal open title={title} okText={okText} confirmLoading={busy} onOk={submit} onCancel={onCancel} destroyOnHidden width={640}>
      <div data-testid={testId}>
        <Form
          tagName="div"
          schema={localized.schema as RJSFSchema}
          uiSchema={localized.uiSchema as UiSchema}
          formData={formData}
          validator={formValidatorFor(schema)}
          transformErrors={transformErrors}
          experimental_defaultFormStateBehavior={FORM_DEFAULTS}
          widgets={portalWidgets}
          extraErrors={shown.length ? toErrorSchema(shown) : undefined}
          showErrorList={false}
          noHtml5Validate
          onChange={(e) => {
            latest.current = (e.formData ?? {}) as Record<string, unknown>;
            setFormData(latest.current);
            // After a refused submit, the messages follow the input: a corrected field loses its own.
            if (own) setOwn(validateForm(schema, present(latest.current), lang));
            setFromServer(undefined);
          }}
        />
      </div>
    </Modal>
  );
}
