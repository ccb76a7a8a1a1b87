// @vitest-environment happy-dom
import { act, useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_QUIET, revealQueue, useRevealed } from '../../../../renderers/form/speed/index.ts';
import { inputCalls, inputListeners, onFakeClock, paint, render } from './speed-fixture.tsx';

/** A section box placed `top` px down the page, saying whether its form is shown. */
function Section({ name, top, resetKey }: { name: string; top: number; resetKey?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRevealed(ref, resetKey);
  return (
    <div ref={ref} data-top={top} data-name={name}>
      {shown ? 'form' : 'skeleton'}
    </div>
  );
}

/** IntersectionObservers made by the sections: what they observe, whether disconnected, and a way to report an intersection. */
const observers: { targets: Element[]; disconnected: boolean; report(): void }[] = [];
class FakeIntersectionObserver {
  readonly entry: (typeof observers)[number];
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    this.entry = { targets: [], disconnected: false, report: () => callback([{ isIntersecting: true }]) };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.targets.push(el);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

const shownOf = (container: HTMLElement) => Object.fromEntries([...container.querySelectorAll<HTMLElement>('[data-name]')].map((el) => [el.dataset.name, el.textContent === 'form']));

describe('section reveal', () => {
  onFakeClock();
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: Number(this.dataset.top ?? 0) } as DOMRect;
    });
  });

  it('shows a section on the first screen at once and the ones below in turn, one per painted frame', () => {
    const below = window.innerHeight + 100;
    const view = render(
      <>
        <Section name="a" top={0} />
        <Section name="b" top={below} />
        <Section name="c" top={below + 500} />
      </>,
    );
    expect(shownOf(view.container)).toEqual({ a: true, b: false, c: false });
    paint();
    expect(shownOf(view.container)).toEqual({ a: true, b: true, c: false });
    paint();
    expect(shownOf(view.container)).toEqual({ a: true, b: true, c: true });
    expect(revealQueue().size).toBe(0);
    expect(observers.every((o) => o.disconnected)).toBe(true);
    view.unmount();
  });

  it('holds reveals back while the user types', () => {
    const view = render(<Section name="b" top={window.innerHeight + 100} />);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    paint();
    expect(shownOf(view.container)).toEqual({ b: false });
    act(() => vi.advanceTimersByTime(INPUT_QUIET));
    expect(shownOf(view.container)).toEqual({ b: true });
    view.unmount();
  });

  it('shows a waiting section scrolled near before its turn, and takes it out of the line', () => {
    const view = render(
      <>
        <Section name="b" top={window.innerHeight + 100} />
        <Section name="c" top={window.innerHeight + 600} />
      </>,
    );
    expect(revealQueue().size).toBe(2);
    act(() => observers[1]!.report());
    expect(shownOf(view.container)).toEqual({ b: false, c: true });
    expect(revealQueue().size).toBe(1);
    expect(observers[1]!.disconnected).toBe(true);
    view.unmount();
  });

  it('removes its window listeners and cancels its frames, timeouts and observers when the sections unmount', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const view = render(
      <>
        <Section name="b" top={window.innerHeight + 100} />
        <Section name="c" top={window.innerHeight + 600} />
      </>,
    );
    expect(inputListeners(add)).toEqual(['keydown', 'pointerdown']);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    paint(); // typing: the reveal waits on a timeout
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(revealQueue().size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(observers.map((o) => o.disconnected)).toEqual([true, true]);
    expect(inputCalls(remove)).toEqual(inputCalls(add));
  });

  it('on a section change, leaves nothing of the old section waiting', () => {
    const top = window.innerHeight + 100;
    const view = render(<Section name="b" top={top} resetKey="one" />);
    view.rerender(<Section name="b" top={top} resetKey="two" />);
    expect(revealQueue().size).toBe(1);
    expect(observers.map((o) => o.disconnected)).toEqual([true, false]);
    paint();
    expect(shownOf(view.container)).toEqual({ b: true });
    expect(revealQueue().size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    view.unmount();
  });
});
