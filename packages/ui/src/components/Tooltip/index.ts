export { Tooltip, tooltipPlacements, type TooltipProps } from './Tooltip.js';
