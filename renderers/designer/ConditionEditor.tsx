import { useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import { shownThrough, text, visibilityRuleFor, type ConditionValue, type Language } from '../../engine/index.ts';
import { CommitInput } from './commit-inputs.tsx';
import { HiddenLabel } from './HiddenLabel.tsx';
import { useDesigner, type DesignerTranslate } from './designer-context.tsx';
import type { FieldPath, Node } from './schema-tree.ts';

/** The values a controlling field can be compared with, when it has a fixed set (enum options, yes/no). */
export function conditionOptions(node: Node, lang: Language, t: DesignerTranslate): { value: string; label: string }[] | undefined {
  if (node.type === 'boolean') return [{ value: 'true', label: t('props.yes') }, { value: 'false', label: t('props.no') }];
  if (!node.enum) return undefined;
  const labels = node['x-enumLabels'] as Record<string, Parameters<typeof text>[0]> | undefined;
  return node.enum.map((v) => ({ value: String(v), label: text(labels?.[String(v)], lang, String(v)) }));
}

/** A value as typed or picked, in the controlling field's JSON type. */
export function conditionValue(node: Node, raw: string): ConditionValue | undefined {
  if (node.type === 'boolean') return raw === 'true';
  if (node.type === 'number' || node.type === 'integer') {
    const n = Number(raw);
    return raw.trim() && Number.isFinite(n) ? n : undefined;
  }
  const option = node.enum?.find((v) => String(v) === raw);
  return option ?? (raw === '' ? undefined : raw);
}

/** Sibling fields that can control this one: scalars, not itself, and not shown only because of it. */
export function controllingFields(holder: Node, key: string): string[] {
  return Object.entries((holder.properties ?? {}) as Record<string, Node>)
    .filter(([k, n]) => k !== key && n.type !== 'object' && n.type !== 'array' && !shownThrough(holder, k, key))
    .map(([k]) => k);
}

/**
 * "Show this field only when field A has value X": A among the siblings, X from A's options (or
 * typed). Each change is one undoable store action writing the standard `if`/`then` rule.
 */
export function ConditionEditor({ path, holder, disabled }: { path: FieldPath; holder: Node; disabled: boolean }) {
  const { t, lang, store } = useDesigner();
  const key = path[path.length - 1]!;
  const rule = visibilityRuleFor(holder, key);
  const [pending, setPending] = useState<string>();
  const chosen = rule?.when.field ?? pending;
  const props = (holder.properties ?? {}) as Record<string, Node>;
  const control = chosen ? props[chosen] : undefined;
  const candidates = controllingFields(holder, key);
  const options = control && conditionOptions(control, lang, t);
  const write = (field: string, raw: string) => {
    const value = conditionValue(props[field]!, raw);
    if (value !== undefined && store.getState().setCondition(path, { field, value })) setPending(undefined);
  };
  const pick = (field: string) => {
    const first = conditionOptions(props[field]!, lang, t)?.[0];
    if (first) write(field, first.value);
    else {
      setPending(field);
      if (rule) store.getState().setCondition(path, undefined);
    }
  };
  const label = (k: string) => text(props[k]?.['x-label'] as never, lang, k);
  if (!candidates.length && !rule) return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('props.visibleNone')}</Typography.Text>;
  return (
    <Flex vertical gap={4} data-testid="prop-visibility">
      <HiddenLabel htmlFor="prop-visible-field">{t('props.visibleField')}</HiddenLabel>
      <Select
        id="prop-visible-field"
        size="small"
        value={chosen}
        placeholder={t('props.visibleField')}
        aria-label={t('props.visibleField')}
        data-testid="prop-visible-field"
        disabled={disabled}
        onChange={pick}
        options={candidates.map((k) => ({ value: k, label: `${label(k)} (${k})` }))}
      />
      {control && (
        options ? (
          <>
          <HiddenLabel htmlFor="prop-visible-value">{t('props.visibleValue')}</HiddenLabel>
          <Select
            id="prop-visible-value"
            size="small"
            value={rule ? String(rule.when.value) : undefined}
            placeholder={t('props.visibleValue')}
            aria-label={t('props.visibleValue')}
            data-testid="prop-visible-value"
            disabled={disabled}
            onChange={(v: string) => write(chosen!, v)}
            options={options}
          />
          </>
        ) : (
          <CommitInput value={rule ? String(rule.when.value) : ''} onCommit={(v) => write(chosen!, v)} testId="prop-visible-value" placeholder={t('props.visibleValue')} aria-label={t('props.visibleValue')} />
        )
      )}
      {(rule || pending) && (
        <Button size="small" disabled={disabled} onClick={() => (setPending(undefined), rule && store.getState().setCondition(path, undefined))} data-testid="prop-visible-clear">
          {t('props.visibleClear')}
        </Button>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('props.visibleHint')}</Typography.Text>
    </Flex>
  );
}
