import {
  observeElementOffset,
  observeElementRect,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { startTransition } from 'react';

type Rect = { width: number; height: number };

/**
 * Virtualizer options for a scrolling area that may have no layout yet (before the first layout,
 * or in a test without one): it counts as `width` × `height`, so the first rows still render.
 */
export function areaBeforeLayout(height: number, width = 1024) {
  return {
    initialRect: { width, height },
    observeElementRect: (
      instance: Virtualizer<HTMLDivElement, Element>,
      callback: (rect: Rect) => void,
    ) =>
      observeElementRect(instance, (rect) =>
        callback({ width: rect.width || width, height: rect.height || height }),
      ),
  };
}

/**
 * Virtualizer options for rows that are measured, not assumed (a long or Khmer name wraps to a
 * second line), `rowHeight` high until then. The resize observer's box needs no layout; only the
 * first measure (or an element without layout, which keeps the estimate) asks for one.
 */
export function measuredRows(rowHeight: number, areaHeight: number) {
  return {
    estimateSize: () => rowHeight,
    measureElement: (element: Element, entry: ResizeObserverEntry | undefined) =>
      entry?.borderBoxSize?.[0]?.blockSize || element.getBoundingClientRect().height || rowHeight,
    ...areaBeforeLayout(areaHeight),
  };
}

/**
 * Virtualizer options that redraw the rendered window after a scroll as a transition, not
 * within the scroll: the frame that shows a scroll (a key that moves the cursor one row down)
 * only moves what is already drawn — the overscan rows cover the step — and the rows that enter
 * or leave the window are added and removed in the next frames, where a key or a wheel turn can
 * interrupt them.
 */
export function deferredWindow() {
  return {
    observeElementOffset: (
      instance: Virtualizer<HTMLDivElement, Element>,
      callback: (offset: number, isScrolling: boolean) => void,
    ) =>
      observeElementOffset(instance, (offset, isScrolling) =>
        startTransition(() => callback(offset, isScrolling)),
      ),
  };
}
