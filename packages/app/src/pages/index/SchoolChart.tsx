import { Chart, type ChartDatum } from '@sala/ui';
import * as styles from './home.css.js';

/**
 * The school's students by grade. Its own module, loaded after the page: the chart's drawing
 * code (scales, shapes) is a quarter of what the home page would otherwise load first.
 */
export default function SchoolChart(props: {
  title: string;
  data: ChartDatum[];
  categoryLabel: string;
  valueLabel: string;
}) {
  return <Chart className={styles.chart} type="bar" height={200} {...props} />;
}
