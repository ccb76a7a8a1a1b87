import { useEffect } from 'react';
import { App } from 'antd';
import { onRequestFailure } from '../api/client.ts';

/**
 * Shows every failed request's message (SPEC §8) with antd's message API of the frame on screen
 * (the shell or the public account pages); the same message is shown once while it is up.
 */
export function RequestFailureMessages() {
  const { message } = App.useApp();
  useEffect(() => onRequestFailure((text) => void message.error({ content: text, key: `request-failure:${text}`, className: 'request-failure' })), [message]);
  return null;
}
