// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createRevealQueue, INPUT_QUIET } from '../../../../renderers/form/speed/index.ts';
import { onFakeClock, inputListeners, nextPaint } from './speed-fixture.tsx';

describe('the reveal queue', () => {
  onFakeClock();

  it('calls its reveals in line, one per painted frame', () => {
    const queue = createRevealQueue();
    const called: string[] = [];
    for (const name of ['a', 'b', 'c']) queue.enqueue(() => called.push(name));
    expect(called).toEqual([]);
    nextPaint();
    expect(called).toEqual(['a']);
    nextPaint();
    expect(called).toEqual(['a', 'b']);
    nextPaint();
    expect(called).toEqual(['a', 'b', 'c']);
    expect(queue.size).toBe(0);
  });

  it('waits while the user types or presses, until input has been quiet for INPUT_QUIET', () => {
    const queue = createRevealQueue();
    const called: string[] = [];
    queue.enqueue(() => called.push('a'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
    nextPaint();
    expect(called).toEqual([]);
    vi.advanceTimersByTime(INPUT_QUIET / 2);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    vi.advanceTimersByTime(INPUT_QUIET / 2);
    expect(called).toEqual([]);
    vi.advanceTimersByTime(INPUT_QUIET);
    expect(called).toEqual(['a']);
  });

  it('listens to the window only while reveals wait, and leaves nothing pending once its line is empty', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const queue = createRevealQueue();
    queue.enqueue(() => undefined);
    queue.enqueue(() => undefined);
    expect(inputListeners(add)).toEqual(['keydown', 'pointerdown']);
    expect(remove).not.toHaveBeenCalled();
    nextPaint();
    nextPaint();
    expect(queue.size).toBe(0);
    // The very listeners added are removed (same function, same capture flag).
    expect(remove.mock.calls).toEqual(add.mock.calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels its frame, timeout and listeners when every waiting reveal is taken out', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const queue = createRevealQueue();
    const called: string[] = [];
    const leaveA = queue.enqueue(() => called.push('a'));
    const leaveB = queue.enqueue(() => called.push('b'));
    leaveA();
    expect(remove).not.toHaveBeenCalled();
    nextPaint();
    expect(called).toEqual(['b']);
    leaveB(); // already called: nothing to undo twice
    const leaveC = queue.enqueue(() => called.push('c'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
    nextPaint(); // waits for quiet input: a timeout is pending
    expect(vi.getTimerCount()).toBe(1);
    leaveC();
    expect(vi.getTimerCount()).toBe(0);
    expect(remove.mock.calls).toEqual(add.mock.calls);
    vi.advanceTimersByTime(10 * INPUT_QUIET);
    expect(called).toEqual(['b']);
  });
});
