// WCAG 2.x contrast, computed from the tokens' own values (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).

/** An opaque colour as 0–255 channels, or undefined for a value that is not an opaque colour. */
export function parseColor(value: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
  }
  // rgb(15 23 42) or rgb(15, 23, 42); a colour with alpha is not opaque and has no one ratio.
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[/,]\s*([\d.]+%?))?\s*\)$/i.exec(
    value.trim(),
  );
  if (
    rgb &&
    (rgb[4] === undefined || Number.parseFloat(rgb[4]) >= (rgb[4].endsWith('%') ? 100 : 1))
  )
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return undefined;
}

/** Relative luminance of an sRGB colour. */
export function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque colours (1 to 21), or undefined if either is not opaque. */
export function contrastRatio(foreground: string, background: string): number | undefined {
  const fg = parseColor(foreground);
  const bg = parseColor(background);
  if (!fg || !bg) return undefined;
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
