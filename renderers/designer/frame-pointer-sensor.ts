import { PointerSensor, type PointerSensorProps } from '@dnd-kit/core';
import { flushSync } from 'react-dom';

/**
 * @dnd-kit's pointer sensor, except that the canvas follows each pointer move within the move's
 * own frame. Chromium hands pointer moves to the page at the start of a frame; React renders an
 * update made in a native pointermove listener in a task of its own, after that frame is
 * painted, so every move showed a frame late (about 17 ms more per move). Rendering the move
 * inside `flushSync` commits it before the frame's paint.
 */
export class FramePointerSensor extends PointerSensor {
  constructor(props: PointerSensorProps) {
    super({ ...props, onMove: (coordinates) => flushSync(() => props.onMove(coordinates)) });
  }
}
