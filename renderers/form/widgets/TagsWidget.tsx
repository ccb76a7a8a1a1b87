import { useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { text } from '../../../engine/i18n/labels.ts';
import type { LocalizedText } from '../../../engine/declaration/types.ts';
import { useRendererEnv } from '../../env/renderer-env.tsx';

type ItemsSchema = RJSFSchema & { 'x-label'?: LocalizedText };

/**
 * `x-widget: tags` on an array of strings (a comment's email recipients): values typed as tags,
 * each checked against the items' schema (its format: an email address) before it is added — a bad
 * one is refused with a message naming the items' label — and the array's `maxItems` shown as a
 * count, further tags refused once it is reached.
 */
export function TagsWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, schema, registry }: WidgetProps) {
  const { t, lang } = useRendererEnv();
  const [refused, setRefused] = useState<string>();
  const values: string[] = Array.isArray(value) ? (value as unknown[]).map(String) : [];
  const items = (typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : {}) as ItemsSchema;
  const item = text(items['x-label'], lang, String(items.title ?? ''));
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const validator = registry.schemaUtils.getValidator();
  const change = (next: string[]) => {
    const added = next.map((v) => v.trim()).filter((v) => v && !values.includes(v));
    const bad = added.find((v) => !validator.isValid(items, v, registry.rootSchema));
    if (bad !== undefined) return setRefused(t('form.tagsInvalid', { item, value: bad }));
    if (max !== undefined && next.length > max) return setRefused(t('form.tagsFull', { max }));
    setRefused(undefined);
    onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))]);
  };
  return (
    <Flex vertical gap={4}>
      <Select
        id={id}
        mode="tags"
        // The typed address is the one option: Enter adds it; nothing else to list.
        notFoundContent={null}
        suffixIcon={null}
        tokenSeparators={[',', ';', ' ']}
        disabled={disabled || readonly}
        value={values}
        placeholder={t('form.tagsPlaceholder')}
        status={refused ? 'error' : undefined}
        style={{ width: '100%' }}
        onChange={change}
        onBlur={() => onBlur(id, values)}
        onFocus={() => onFocus(id, values)}
        data-testid={`tags-${id}`}
      />
      {refused && (
        <Typography.Text type="danger" role="alert" data-testid={`tags-refused-${id}`}>
          {refused}
        </Typography.Text>
      )}
      {max !== undefined && (
        <Typography.Text type="secondary" data-testid={`tags-count-${id}`}>
          {t('form.tagsCount', { count: values.length, max })}
        </Typography.Text>
      )}
    </Flex>
  );
}
