import { useEffect, useState } from 'react';
import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { decimalToMinor, isMinorUnits, minorToDecimal } from '../../../engine/format/money.ts';

/**
 * An amount (`x-money`, an integer of minor units) typed as people write it: "2500.50" for 250050
 * fen. `ui:options.currency` is the declared currency code when the field has one; an amount in the
 * document's currency takes that currency's digits, 2 for every currency the product deals in
 * (engine/format/money.ts). Text that is no amount is handed on as typed, for the form's type message.
 */
export function MoneyWidget({ id, value, disabled, readonly, placeholder, options, onChange, onBlur, onFocus }: WidgetProps) {
  const currency = typeof options.currency === 'string' ? options.currency : '';
  const shown = (v: unknown) => (isMinorUnits(v) ? minorToDecimal(v, currency) : typeof v === 'string' ? v : '');
  const [typed, setTyped] = useState(() => shown(value));
  // A value set from outside (a reset, a record loaded) replaces what is shown unless it is what was typed.
  useEffect(() => {
    setTyped((current) => (decimalToMinor(current, currency) === value || current === value ? current : shown(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` depends on currency only
  }, [value, currency]);
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={typed}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder || undefined}
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        onChange(text.trim() === '' ? undefined : (decimalToMinor(text, currency) ?? text));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
