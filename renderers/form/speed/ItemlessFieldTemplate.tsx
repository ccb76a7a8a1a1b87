import { useContext, type CSSProperties } from 'react';
import { ConfigProvider } from 'antd';
import { Templates } from '@rjsf/antd';
import { getTemplate, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

const AntdFieldTemplate = Templates.FieldTemplate!;

/**
 * The antd theme's field template, except for objects (a section's root, a group): those are
 * laid out without an antd Form.Item. A Form.Item provides contexts to every field inside it,
 * with new values each time it renders, so wrapping a whole section in one made each keystroke
 * re-render all of the section's fields past RJSF's memoization. The object's own messages and
 * description keep the Form.Item's classes, so they look the same.
 */
export function ItemlessFieldTemplate(props: FieldTemplateProps) {
  const { children, description, errors, help, rawHelp, hidden, rawErrors, rawDescription, registry, schema, uiSchema } = props;
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  if (schema.type !== 'object' || hidden) return <AntdFieldTemplate {...props} />;
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, getUiOptions(uiSchema));
  const item = getPrefixCls('form-item');
  const message = (!!rawHelp && help) || (rawErrors?.length ? errors : undefined);
  const { wrapperStyle } = registry.formContext as { wrapperStyle?: CSSProperties };
  return (
    <WrapIfAdditionalTemplate {...props}>
      <div className={rawErrors?.length ? `${item} ${item}-has-error` : item} style={wrapperStyle}>
        {children}
        {message && <div className={`${item}-explain ${rawErrors?.length ? `${item}-explain-error` : ''}`}>{message}</div>}
        {rawDescription && <div className={`${item}-extra`}>{description}</div>}
      </div>
    </WrapIfAdditionalTemplate>
  );
}
