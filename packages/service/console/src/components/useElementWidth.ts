import type { RefObject } from 'preact';
import { useLayoutEffect, useState } from 'preact/hooks';

/**
 * The content width of `element` in CSS px (clientWidth: without border or scrollbar), read before
 * the first paint and again whenever it is resized (a rotated phone, a narrower window); undefined
 * until measured, and while nothing is drawn (display: none).
 */
export function useElementWidth(element: RefObject<HTMLElement>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    const measure = () => setWidth(target.clientWidth > 0 ? target.clientWidth : undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
