import type { ReactElement, ReactNode } from 'react';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components';
import { textSize } from '../../theme/typography.css.js';
import { cx } from '../private/cx.js';
import * as styles from './Tooltip.css.js';

export const tooltipPlacements = ['top', 'bottom', 'start', 'end'] as const;

export interface TooltipProps {
  /** What the tooltip says. Keep it short; it names or explains the control. */
  content: ReactNode;
  /** The control it describes: one focusable react-aria element such as Button or IconButton. */
  children: ReactElement;
  /**
   * Where it appears relative to the control; flips when there is no room.
   * @default 'top'
   */
  placement?: (typeof tooltipPlacements)[number];
  /**
   * Milliseconds of hover before it shows; keyboard focus shows it at once.
   * @default 600
   */
  delay?: number;
  /**
   * Milliseconds before it hides after the pointer leaves.
   * @default 200
   */
  closeDelay?: number;
  /**
   * Never show the tooltip.
   * @default false
   */
  isDisabled?: boolean;
  /** Controlled open state. */
  isOpen?: boolean;
  /** Open on first render (uncontrolled). */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * A short label that appears on hover and keyboard focus (react-aria TooltipTrigger). It is
 * supplementary: the control must still have its own accessible name.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
  delay = 600,
  closeDelay = 200,
  ...trigger
}: TooltipProps) {
  return (
    // The rest are the trigger's: isDisabled, isOpen, defaultOpen, onOpenChange.
    <TooltipTrigger delay={delay} closeDelay={closeDelay} {...trigger}>
      {children}
      <AriaTooltip
        placement={placement as AriaTooltipProps['placement']}
        offset={8}
        className={cx(styles.tooltip, textSize.small)}
      >
        <OverlayArrow>
          <svg width={8} height={8} viewBox="0 0 8 8" className={styles.arrow} aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
