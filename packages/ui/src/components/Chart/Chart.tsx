import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath, Pie } from '@visx/shape';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { formatNumber, type DigitStyle } from '../../lib/khmerDigits.js';
import { vars } from '../../theme/contract.css.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Chart.css.js';
import { useDigits } from '../../provider/digits.js';

const strings = uiStringTable([
  'chart.showTable',
  'chart.hideTable',
  'chart.category',
  'chart.value',
  'chart.share',
]);

export const chartTypes = ['bar', 'line', 'donut'] as const;

export interface ChartDatum {
  /** The category (a month, a class, a status). */
  label: string;
  /** The number shown for the category. */
  value: number;
  /** This part's colour (e.g. an attendance status's), a theme `vars` colour by default. */
  color?: string;
}

export interface ChartProps {
  /** Bars (compare categories), a line (change over time) or a donut (parts of a whole). */
  type: (typeof chartTypes)[number];
  /** The chart's title: its caption and its accessible name. */
  title: string;
  /** The values, one per category, in the order shown. */
  data: readonly ChartDatum[];
  /** The header of the value column in the data table, e.g. "Attendance rate (%)". */
  valueLabel?: string;
  /** The header of the category column, e.g. "Month". */
  categoryLabel?: string;
  /**
   * Height of the plot in px. Default 240.
   * @default 240
   */
  height?: number;
  /** The largest value of the axis (e.g. 100 for a rate); the data's maximum by default. */
  maxValue?: number;
  /**
   * Write numbers with Khmer digits.
   * @default SalaProvider's `digits` ('latn')
   */
  digits?: DigitStyle;
  /** An extra class for layout. */
  className?: string;
}

/**
 * Series colours from the theme, so charts follow light and dark mode. Marked pure, so a page
 * without a chart drops it, and with it the theme's variable names.
 */
const palette = /* @__PURE__ */ (() => [
  vars.color.primary,
  vars.color.info,
  vars.color.warning,
  vars.color.danger,
  vars.color.agridev,
  vars.color.success,
  vars.color.textMuted,
])();

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.round(entry!.contentRect.width)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width || 320] as const;
}

/**
 * A bar, line or donut chart for the reports, drawn in SVG with visx and themed by the colour
 * mode. Every chart has its data as a real table: read by screen readers, and shown on request.
 */
export function Chart({
  type,
  title,
  data,
  valueLabel,
  categoryLabel,
  height = 240,
  maxValue,
  digits: digitsProp,
  className,
}: ChartProps) {
  const digits = useDigits(digitsProp);
  const t = useStrings(strings);
  const titleId = useId();
  const tableId = useId();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [showTable, setShowTable] = useState(false);
  const n = (v: number) => formatNumber(v, { digits, maximumFractionDigits: 2 });
  const total = data.reduce((sum, d) => sum + d.value, 0);
  const margin = { top: 12, right: 12, bottom: 36, left: 44 };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = Math.max(0, height - margin.top - margin.bottom);
  const top = maxValue ?? Math.max(0, ...data.map((d) => d.value));
  const y = scaleLinear<number>({ domain: [0, top || 1], range: [innerHeight, 0], nice: true });
  const axisColor = vars.color.borderStrong;
  const tickLabel = () => ({ fill: vars.color.textMuted, fontSize: 11, fontFamily: 'inherit' });

  let plot = null;
  if (type === 'donut') {
    const radius = Math.min(width, height) / 2;
    plot = (
      <Group top={height / 2} left={width / 2}>
        <Pie
          data={data as ChartDatum[]}
          pieValue={(d) => d.value}
          outerRadius={radius}
          innerRadius={radius * 0.6}
          padAngle={0.01}
        >
          {(pie) =>
            pie.arcs.map((arc, i) => (
              <path
                key={arc.data.label}
                d={pie.path(arc) ?? ''}
                fill={palette[i % palette.length]}
              />
            ))
          }
        </Pie>
      </Group>
    );
  } else {
    const axes = (
      <>
        <AxisLeft
          scale={y}
          numTicks={5}
          stroke={axisColor}
          tickStroke={axisColor}
          tickFormat={(v) => n(Number(v))}
          tickLabelProps={tickLabel}
        />
        <AxisBottom
          top={innerHeight}
          scale={
            type === 'bar'
              ? scaleBand<string>({
                  domain: data.map((d) => d.label),
                  range: [0, innerWidth],
                  padding: 0.3,
                })
              : scalePoint<string>({
                  domain: data.map((d) => d.label),
                  range: [0, innerWidth],
                  padding: 0.5,
                })
          }
          stroke={axisColor}
          tickStroke={axisColor}
          tickLabelProps={tickLabel}
        />
      </>
    );
    if (type === 'bar') {
      const x = scaleBand<string>({
        domain: data.map((d) => d.label),
        range: [0, innerWidth],
        padding: 0.3,
      });
      plot = (
        <Group left={margin.left} top={margin.top}>
          {data.map((d) => (
            <Bar
              key={d.label}
              x={x(d.label)}
              y={y(d.value)}
              width={x.bandwidth()}
              height={innerHeight - y(d.value)}
              fill={d.color ?? vars.color.primary}
              rx={3}
            />
          ))}
          {axes}
        </Group>
      );
    } else {
      const x = scalePoint<string>({
        domain: data.map((d) => d.label),
        range: [0, innerWidth],
        padding: 0.5,
      });
      plot = (
        <Group left={margin.left} top={margin.top}>
          <LinePath
            data={data as ChartDatum[]}
            x={(d) => x(d.label) ?? 0}
            y={(d) => y(d.value)}
            stroke={vars.color.primary}
            strokeWidth={2.5}
          />
          {data.map((d) => (
            <circle key={d.label} cx={x(d.label)} cy={y(d.value)} r={4} fill={vars.color.primary} />
          ))}
          {axes}
        </Group>
      );
    }
  }

  return (
    <figure className={cx(styles.figure, className)} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.caption}>
        {title}
      </figcaption>
      <div ref={ref} className={styles.plot}>
        <svg
          width={width}
          height={height}
          className={styles.svg}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={tableId}
        >
          {plot}
        </svg>
      </div>
      {type === 'donut' && (
        <ul className={styles.legend} aria-hidden>
          {data.map((d, i) => (
            <li key={d.label}>
              <span
                className={styles.swatch}
                style={{ backgroundColor: d.color ?? palette[i % palette.length] }}
              />
              {d.label}
            </li>
          ))}
        </ul>
      )}
      <Button
        className={styles.toggle}
        onPress={() => setShowTable((s) => !s)}
        aria-expanded={showTable}
      >
        {showTable ? t('chart.hideTable') : t('chart.showTable')}
      </Button>
      <table id={tableId} className={cx(styles.table, !showTable && styles.hiddenTable)}>
        <caption className={styles.hiddenTable}>{title}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.tableCell}>
              {categoryLabel ?? t('chart.category')}
            </th>
            <th scope="col" className={styles.tableCell} data-numeric>
              {valueLabel ?? t('chart.value')}
            </th>
            {type === 'donut' && (
              <th scope="col" className={styles.tableCell} data-numeric>
                {t('chart.share')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row" className={styles.tableCell}>
                {d.label}
              </th>
              <td className={styles.tableCell} data-numeric>
                {n(d.value)}
              </td>
              {type === 'donut' && (
                <td className={styles.tableCell} data-numeric>
                  {total
                    ? `${formatNumber((d.value / total) * 100, { digits, maximumFractionDigits: 1 })}%`
                    : '–'}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
