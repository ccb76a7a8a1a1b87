import type { ReactNode } from 'react';
import { theme } from 'antd';

/** A labelled input with its message below (the login page avoids antd's Form to stay small). */
export function LoginField({ id, label, error, children }: { id: string; label?: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginMD }}>
      {label && (
        <label htmlFor={id} style={{ display: 'block', marginBottom: token.marginXXS }}>
          {label}
        </label>
      )}
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM, marginTop: token.marginXXS }}>
          {error}
        </div>
      )}
    </div>
  );
}
