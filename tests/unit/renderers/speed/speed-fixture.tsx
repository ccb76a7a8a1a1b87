import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { createQueryClient } from '../../../../renderers/env/query-client.ts';
import { RendererEnvProvider } from '../../../../renderers/env/renderer-env.tsx';
import { memoryDataProvider, translator } from '../render-env.tsx';

/** The clocks the speed module uses, faked in its tests. */
export const FAKED: NonNullable<Parameters<typeof vi.useFakeTimers>[0]>['toFake'] = ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'];

/** Within a describe: each test runs on the fake clocks, and leaves no spy, global stub or rendered node behind. */
export function onFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: FAKED });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });
}

/**
 * Runs the next frame and the task queued after its paint (what afterPaint waits for: a zero
 * timeout set in a frame callback, which the fake clock runs a millisecond later).
 */
export function nextPaint(): void {
  vi.advanceTimersToNextFrame();
  vi.advanceTimersByTime(1);
}

const isInput = (type: unknown) => type === 'keydown' || type === 'pointerdown';

/** The calls a spy on window.addEventListener or removeEventListener saw for input events (keydown, pointerdown). */
export function inputCalls(spy: MockInstance<(...args: never[]) => void>): unknown[][] {
  return (spy.mock.calls as unknown[][]).filter(([type]) => isInput(type));
}

/** The input event types of the listeners a spy on window.addEventListener saw. */
export function inputListeners(spy: MockInstance<(...args: never[]) => void>): unknown[] {
  return inputCalls(spy).map(([type]) => type);
}

/** React's act() for a root rendered by hand (no testing library). */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  rerender(node: ReactNode): void;
  unmount(): void;
}

/** Renders `node` into a fresh element of the document, inside antd's App, a query cache and the renderer environment (zh-CN). */
export function render(node: ReactNode): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const queries = createQueryClient();
  const wrap = (n: ReactNode) => (
    <App>
      <QueryClientProvider client={queries}>
        <RendererEnvProvider value={{ lang: 'zh-CN', t: translator('zh-CN'), data: memoryDataProvider([]), permissions: {}, navigate: () => undefined }}>{n}</RendererEnvProvider>
      </QueryClientProvider>
    </App>
  );
  act(() => root.render(wrap(node)));
  return {
    container,
    rerender: (next) => act(() => root.render(wrap(next))),
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Advances the fake clock by a painted frame and the task after it, letting React commit what that started. */
export function paint(): void {
  act(() => nextPaint());
}

/** Types `text` into an input or text area as a user does: the value changes, then an `input` event (what React's onChange hears). */
export function type(el: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')!.set!;
  for (const ch of text) {
    act(() => {
      setValue.call(el, el.value + ch);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}
