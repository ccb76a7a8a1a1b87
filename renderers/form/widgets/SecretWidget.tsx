import { useRef } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { SECRET_MASK } from '../../../engine/index.ts';
import { useRendererEnv } from '../../env/renderer-env.tsx';

/**
 * A secret (`x-secret`: an importer's filing key), write-only: typed unseen, never shown. A stored
 * one comes back as the mask, shown as an empty field saying it is kept; leaving it empty keeps it
 * (the mask goes back, server/entities/secrets.ts), typing replaces it.
 */
export function SecretWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus }: WidgetProps) {
  const { t } = useRendererEnv();
  // Whether the record holds a stored secret: the value the form opened with was the mask.
  const stored = useRef(value === SECRET_MASK).current;
  const shown = value === SECRET_MASK ? '' : typeof value === 'string' ? value : '';
  return (
    <Input.Password
      id={id}
      autoComplete="new-password"
      disabled={disabled}
      readOnly={readonly}
      placeholder={stored ? t('secret.kept') : undefined}
      value={shown}
      onChange={(e) => onChange(e.target.value === '' ? (stored ? SECRET_MASK : undefined) : e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
