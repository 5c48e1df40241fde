import { useId, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../Button/index.ts';
import * as styles from './Chart.css.ts';

const messages = defineMessages({
  showTable: { id: 'ds.chart.showTable', defaultMessage: 'Show the data as a table' },
  hideTable: { id: 'ds.chart.hideTable', defaultMessage: 'Hide the table' },
});

/** One point of a chart: its label on the x axis and its value. */
export interface ChartDatum {
  label: string;
  value: number;
}

export interface ChartProps {
  /** The chart's title (its figure caption and the table's caption). */
  title: string;
  /** One or two sentences saying what the chart shows; screen readers hear it as the chart's name. */
  summary: string;
  /** The points, in x order. */
  data: readonly ChartDatum[];
  /**
   * Bars for amounts per period, a line for a level over time.
   * @default 'bar'
   */
  kind?: 'bar' | 'line';
  /** Formats a value for the axis and the table. @default String */
  formatValue?: (value: number) => string;
  /** The header of the table's label column. */
  labelHeader: string;
  /** The header of the table's value column. */
  valueHeader: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 48 };

/** A round top for the y axis: 1, 2 or 5 times a power of ten at or above `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Which x labels to print so that at most `most` are shown, evenly spaced, the last always included. */
export function labelIndexes(count: number, most = 8): number[] {
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil(count / most);
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/**
 * A small bar or line chart drawn in SVG, with no chart library. The drawing is one image named by the
 * summary (screen readers hear the summary, not the bars); a button shows the same numbers as a table, which
 * keyboard and screen-reader users can read cell by cell.
 */
export function Chart({
  title,
  summary,
  data,
  kind = 'bar',
  formatValue = String,
  labelHeader,
  valueHeader,
}: ChartProps) {
  const intl = useIntl();
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const top = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = data.length > 0 ? innerW / data.length : innerW;
  const y = (value: number) => PAD.top + innerH - (Math.max(0, value) / top) * innerH;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const ticks = [0, top / 2, top];
  const shown = new Set(labelIndexes(data.length));
  const tableId = `${id}-table`;
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className={styles.caption}>
        {title}
      </figcaption>
      <p id={`${id}-summary`} className={styles.summary}>
        {summary}
      </p>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
        data-kind={kind}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text className={styles.tick} x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {formatValue(t)}
            </text>
          </g>
        ))}
        <line className={styles.axis} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        {kind === 'bar'
          ? data.map((d, i) => (
              <rect
                key={i}
                className={styles.bar}
                data-value={d.value}
                x={x(i) - Math.max(1, step * 0.35)}
                width={Math.max(2, step * 0.7)}
                y={y(d.value)}
                height={Math.max(0, y(0) - y(d.value))}
              />
            ))
          : [
              <polyline
                key="line"
                className={styles.line}
                points={data.map((d, i) => `${x(i)},${y(d.value)}`).join(' ')}
              />,
              ...data.map((d, i) => (
                <circle key={i} className={styles.point} data-value={d.value} cx={x(i)} cy={y(d.value)} r={2.5} />
              )),
            ]}
        {data.map((d, i) =>
          shown.has(i) ? (
            <text key={`l${i}`} className={styles.tick} x={x(i)} y={HEIGHT - 6} textAnchor="middle">
              {d.label}
            </text>
          ) : null,
        )}
      </svg>
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls={showTable ? tableId : undefined}
          onPress={() => setShowTable((v) => !v)}
        >
          {intl.formatMessage(showTable ? messages.hideTable : messages.showTable)}
        </Button>
      </div>
      {showTable ? (
        <div id={tableId}>
          <table className={styles.table}>
            <caption className={styles.summary}>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d, i) => (
                <tr key={i}>
                  <th scope="row">{d.label}</th>
                  <td>{formatValue(d.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
