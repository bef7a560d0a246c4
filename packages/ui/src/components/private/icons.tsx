import type { ReactNode, SVGProps } from 'react';

// The icons the components draw, with Lucide's geometry (https://lucide.dev, ISC licence,
// © Lucide Icons and Contributors) and Lucide's look: 24 × 24, 2 px round strokes in the text
// colour. Our own few lines instead of lucide-react's runtime (about 2 KB gzip per page), since
// the components need only this handful of fixed icons. A host's own icons (IconButton,
// NavItem, AppMenu) can still come from lucide-react.

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height; 24 by default. */
  size?: number | string;
}

/** A decorative icon (hidden from screen readers unless the caller says otherwise). */
function icon(shapes: ReactNode) {
  return function Icon({ size = 24, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}

/** Lucide's `arrow-down`. */
export const ArrowDown = /* @__PURE__ */ icon(
  <>
    <path d="M12 5v14" />
    <path d="m19 12-7 7-7-7" />
  </>,
);
/** Lucide's `arrow-up`. */
export const ArrowUp = /* @__PURE__ */ icon(
  <>
    <path d="m5 12 7-7 7 7" />
    <path d="M12 19V5" />
  </>,
);
/** Lucide's `arrow-up-down`. */
export const ArrowUpDown = /* @__PURE__ */ icon(
  <>
    <path d="m21 16-4 4-4-4" />
    <path d="M17 20V4" />
    <path d="m3 8 4-4 4 4" />
    <path d="M7 4v16" />
  </>,
);
/** Lucide's `calendar-days`. */
export const CalendarDays = /* @__PURE__ */ icon(
  <>
    <path d="M8 2v3" />
    <path d="M16 2v3" />
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M3 9h18" />
    <path d="M8 13h.01" />
    <path d="M12 13h.01" />
    <path d="M16 13h.01" />
    <path d="M8 17h.01" />
    <path d="M12 17h.01" />
    <path d="M16 17h.01" />
  </>,
);
/** Lucide's `check`. */
export const Check = /* @__PURE__ */ icon(
  <>
    <path d="M20 6 9 17l-5-5" />
  </>,
);
/** Lucide's `chevron-down`. */
export const ChevronDown = /* @__PURE__ */ icon(
  <>
    <path d="m6 9 6 6 6-6" />
  </>,
);
/** Lucide's `chevron-left`. */
export const ChevronLeft = /* @__PURE__ */ icon(
  <>
    <path d="m15 18-6-6 6-6" />
  </>,
);
/** Lucide's `chevron-right`. */
export const ChevronRight = /* @__PURE__ */ icon(
  <>
    <path d="m9 18 6-6-6-6" />
  </>,
);
/** Lucide's `circle-exclamation-point`. */
export const CircleAlert = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </>,
);
/** Lucide's `circle-check`. */
export const CircleCheck = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </>,
);
/** Lucide's `columns-3`. */
export const Columns3 = /* @__PURE__ */ icon(
  <>
    <rect width="18" height="18" x="3" y="3" rx="2" />
    <path d="M9 3v18" />
    <path d="M15 3v18" />
  </>,
);
/** Lucide's `eye`. */
export const Eye = /* @__PURE__ */ icon(
  <>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
/** Lucide's `eye-off`. */
export const EyeOff = /* @__PURE__ */ icon(
  <>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </>,
);
/** Lucide's `image-plus`. */
export const ImagePlus = /* @__PURE__ */ icon(
  <>
    <path d="M16 5h6" />
    <path d="M19 2v6" />
    <path d="M21 11.5V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7.5" />
    <path d="m21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21" />
    <circle cx="9" cy="9" r="2" />
  </>,
);
/** Lucide's `inbox`. */
export const Inbox = /* @__PURE__ */ icon(
  <>
    <polyline points="22 12 16 12 14 15 10 15 8 12 2 12" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </>,
);
/** Lucide's `info`. */
export const Info = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4" />
    <path d="M12 8h.01" />
  </>,
);
/** Lucide's `languages`. */
export const Languages = /* @__PURE__ */ icon(
  <>
    <path d="m5 8 6 6" />
    <path d="m4 14 6-6 2-3" />
    <path d="M2 5h12" />
    <path d="M7 2h1" />
    <path d="m22 22-5-10-5 10" />
    <path d="M14 18h6" />
  </>,
);
/** Lucide's `loader-circle`. */
export const LoaderCircle = /* @__PURE__ */ icon(
  <>
    <path d="M21 12a9 9 0 1 1-6.219-8.56" />
  </>,
);
/** Lucide's `menu`. */
export const Menu = /* @__PURE__ */ icon(
  <>
    <path d="M4 5h16" />
    <path d="M4 12h16" />
    <path d="M4 19h16" />
  </>,
);
/** Lucide's `minus`. */
export const Minus = /* @__PURE__ */ icon(
  <>
    <path d="M5 12h14" />
  </>,
);
/** Lucide's `moon`. */
export const Moon = /* @__PURE__ */ icon(
  <>
    <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />
  </>,
);
/** Lucide's `panel-left-close`. */
export const PanelLeftClose = /* @__PURE__ */ icon(
  <>
    <rect width="18" height="18" x="3" y="3" rx="2" />
    <path d="M9 3v18" />
    <path d="m16 15-3-3 3-3" />
  </>,
);
/** Lucide's `panel-left-open`. */
export const PanelLeftOpen = /* @__PURE__ */ icon(
  <>
    <rect width="18" height="18" x="3" y="3" rx="2" />
    <path d="M9 3v18" />
    <path d="m14 9 3 3-3 3" />
  </>,
);
/** Lucide's `plus`. */
export const Plus = /* @__PURE__ */ icon(
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);
/** Lucide's `rotate-ccw`. */
export const RotateCcw = /* @__PURE__ */ icon(
  <>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5" />
  </>,
);
/** Lucide's `rotate-cw`. */
export const RotateCw = /* @__PURE__ */ icon(
  <>
    <path d="M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
  </>,
);
/** Lucide's `sun`. */
export const Sun = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2" />
    <path d="M12 20v2" />
    <path d="m4.93 4.93 1.41 1.41" />
    <path d="m17.66 17.66 1.41 1.41" />
    <path d="M2 12h2" />
    <path d="M20 12h2" />
    <path d="m6.34 17.66-1.41 1.41" />
    <path d="m19.07 4.93-1.41 1.41" />
  </>,
);
/** Lucide's `trending-down`. */
export const TrendingDown = /* @__PURE__ */ icon(
  <>
    <path d="M16 17h6v-6" />
    <path d="m22 17-8.5-8.5-5 5L2 7" />
  </>,
);
/** Lucide's `trending-up`. */
export const TrendingUp = /* @__PURE__ */ icon(
  <>
    <path d="M16 7h6v6" />
    <path d="m22 7-8.5 8.5-5-5L2 17" />
  </>,
);
/** Lucide's `triangle-exclamation-point`. */
export const TriangleAlert = /* @__PURE__ */ icon(
  <>
    <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </>,
);
/** Lucide's `undo-2`. */
export const Undo2 = /* @__PURE__ */ icon(
  <>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 5.5 5.5a5.5 5.5 0 0 1-5.5 5.5H11" />
  </>,
);
/** Lucide's `x`. */
export const X = /* @__PURE__ */ icon(
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);
/** Lucide's `lock`. */
export const Lock = /* @__PURE__ */ icon(
  <>
    <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </>,
);
/** Lucide's `search-x`. */
export const SearchX = /* @__PURE__ */ icon(
  <>
    <path d="m13.5 8.5-5 5" />
    <path d="m8.5 8.5 5 5" />
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
/** Lucide's `wifi-off`. */
export const WifiOff = /* @__PURE__ */ icon(
  <>
    <path d="M12 20h.01" />
    <path d="M8.5 16.429a5 5 0 0 1 7 0" />
    <path d="M5 12.859a10 10 0 0 1 5.17-2.69" />
    <path d="M19 12.859a10 10 0 0 0-2.007-1.523" />
    <path d="M2 8.82a15 15 0 0 1 4.177-2.643" />
    <path d="M22 8.82a15 15 0 0 0-11.288-3.764" />
    <path d="m2 2 20 20" />
  </>,
);
