import type { FrameStep } from '@fbt/domain';
import { useEffect, useState } from 'react';

/**
 * Walks an image schedule (from `@fbt/domain`) with timers and returns the current frame.
 * The schedule is created once per mount; timers stop on unmount.
 */
export function useSchedule(createSchedule: () => Iterator<FrameStep>): 0 | 1 {
  const [frame, setFrame] = useState<0 | 1>(0);

  useEffect(() => {
    const schedule = createSchedule();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const advance = () => {
      const step = schedule.next().value as FrameStep;
      setFrame(step.frame);
      timer = setTimeout(advance, step.durationMs);
    };
    advance();
    return () => clearTimeout(timer);
    // Deliberately once per mount: a new factory identity must not restart the animation.
  }, []);

  return frame;
}
