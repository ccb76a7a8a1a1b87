import { useState } from 'react';
import { Button } from 'antd';
import { statechartTexts } from './labels.ts';
import { LifecycleDrawer, type LifecycleDrawerProps } from './LifecycleDrawer.tsx';

export type LifecycleButtonProps = Omit<LifecycleDrawerProps, 'open' | 'onClose'>;

/** "View lifecycle" on a record's detail page; renders nothing for a record without a lifecycle. */
export function LifecycleButton(props: LifecycleButtonProps) {
  const [open, setOpen] = useState(false);
  if (!props.reg.machine || !props.record.snapshot) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="view-lifecycle">
        {statechartTexts(props.lang).viewLifecycle}
      </Button>
      <LifecycleDrawer {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
