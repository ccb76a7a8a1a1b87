// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DerivedFormSection } from '../../../../engine/index.ts';
import { FormSection } from '../../../../renderers/form/FormSection.tsx';
import type { Doc } from '../../../../renderers/form/form-document.ts';
import { useSectionParts } from '../../../../renderers/form/use-section-parts.ts';
import { HAND_OVER_PAUSE, releaseHeldInput, useHeldValue, type HeldValue } from '../../../../renderers/form/speed/index.ts';
import { onFakeClock, render, type } from './speed-fixture.tsx';

/** A field holding its input, its HeldValue handed out to the test. */
function Held({ value, onChange, into }: { value: string | undefined; onChange: (v: string | undefined) => void; into: { current?: HeldValue<string | undefined> } }) {
  const held = useHeldValue(value, onChange);
  into.current = held;
  return <span data-key={held.key}>{held.initial}</span>;
}

describe('held input', () => {
  onFakeClock();

  it('hands the last typed value to the form once typing pauses, not at each keystroke', () => {
    const onChange = vi.fn();
    const into: { current?: HeldValue<string | undefined> } = {};
    const view = render(<Held value={undefined} onChange={onChange} into={into} />);
    into.current!.hold('a');
    vi.advanceTimersByTime(HAND_OVER_PAUSE - 1);
    into.current!.hold('ab');
    vi.advanceTimersByTime(HAND_OVER_PAUSE - 1);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange.mock.calls).toEqual([['ab']]);
    expect(vi.getTimerCount()).toBe(0);
    view.unmount();
  });

  it('hands it over at once when the field is left (release), leaving no timer', () => {
    const onChange = vi.fn();
    const into: { current?: HeldValue<string | undefined> } = {};
    const view = render(<Held value={undefined} onChange={onChange} into={into} />);
    into.current!.hold('abc');
    into.current!.release();
    expect(onChange.mock.calls).toEqual([['abc']]);
    expect(vi.getTimerCount()).toBe(0);
    into.current!.release(); // nothing held any more
    expect(onChange).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('releaseHeldInput hands every holding field over, synchronously', () => {
    const [a, b] = [vi.fn(), vi.fn()];
    const intoA: { current?: HeldValue<string | undefined> } = {};
    const intoB: { current?: HeldValue<string | undefined> } = {};
    const view = render(
      <>
        <Held value={undefined} onChange={a} into={intoA} />
        <Held value="kept" onChange={b} into={intoB} />
      </>,
    );
    intoA.current!.hold('typed');
    releaseHeldInput();
    expect(a.mock.calls).toEqual([['typed']]);
    expect(b).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    view.unmount();
  });

  it('a value from outside remounts the input with it, unless the user is typing', () => {
    const onChange = vi.fn();
    const into: { current?: HeldValue<string | undefined> } = {};
    const view = render(<Held value="one" onChange={onChange} into={into} />);
    view.rerender(<Held value="two" onChange={onChange} into={into} />);
    expect(into.current).toMatchObject({ initial: 'two', key: 1 });
    into.current!.hold('typing');
    view.rerender(<Held value="three" onChange={onChange} into={into} />);
    expect(into.current).toMatchObject({ initial: 'two', key: 1 });
    view.unmount();
  });

  it('unmounting drops held input and cancels its timer', () => {
    const onChange = vi.fn();
    const into: { current?: HeldValue<string | undefined> } = {};
    const view = render(<Held value={undefined} onChange={onChange} into={into} />);
    into.current!.hold('gone');
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
    releaseHeldInput();
    vi.advanceTimersByTime(10 * HAND_OVER_PAUSE);
    expect(onChange).not.toHaveBeenCalled();
  });
});

const section: DerivedFormSection = {
  id: 'basic',
  title: 'Basic',
  columns: 2,
  fields: ['name', 'qty', 'notes'],
  schema: {
    $id: 'speed-basic',
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' }, qty: { type: 'integer', title: 'Qty' }, notes: { type: 'string', title: 'Notes' } },
  },
  uiSchema: { notes: { 'ui:widget': 'textarea' } },
};

/** A page of one FormSection whose data a Save button would read (useSectionParts). */
function Page({ reader, reported }: { reader: { read?: () => Record<string, Doc> }; reported: (data: Doc) => void }) {
  const { parts, onSectionChange, read } = useSectionParts<Record<string, Doc>>(() => ({ basic: {} }));
  reader.read = read;
  const onChange = (id: string, data: Doc) => {
    reported(data);
    onSectionChange(id, data);
  };
  return <FormSection section={section} formData={parts.basic ?? {}} onChange={onChange} />;
}

describe('Save reading a form mid-typing', () => {
  onFakeClock();

  it('gets every keystroke typed so far, in text, number and text-area fields, without waiting for the pause', () => {
    const reader: { read?: () => Record<string, Doc> } = {};
    const reported = vi.fn();
    const view = render(<Page reader={reader} reported={reported} />);
    const input = (id: string) => view.container.querySelector<HTMLInputElement>(`#${id}`)!;
    type(input('root_name'), 'Ada');
    type(input('root_qty'), '42');
    type(view.container.querySelector<HTMLTextAreaElement>('#root_notes')!, 'line');
    // Held: the form has seen none of it yet.
    expect(reported).not.toHaveBeenCalled();
    let read: Record<string, Doc> | undefined;
    // Save's click: read() hands the held input over and answers the data at once (the act is
    // only React's test harness for the commit that follows).
    act(() => {
      read = reader.read!();
    });
    expect(read?.basic).toEqual({ name: 'Ada', qty: 42, notes: 'line' });
    view.unmount();
  });

  it('hands a field over when it is left, and after a pause while it keeps the focus', () => {
    const reader: { read?: () => Record<string, Doc> } = {};
    const reported = vi.fn();
    const view = render(<Page reader={reader} reported={reported} />);
    const name = view.container.querySelector<HTMLInputElement>('#root_name')!;
    type(name, 'Ada');
    act(() => {
      name.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(reported).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Ada' }));
    const notes = view.container.querySelector<HTMLTextAreaElement>('#root_notes')!;
    type(notes, 'more');
    expect(reported).not.toHaveBeenCalledWith(expect.objectContaining({ notes: 'more' }));
    act(() => vi.advanceTimersByTime(HAND_OVER_PAUSE));
    expect(reported).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Ada', notes: 'more' }));
    view.unmount();
  });
});
