export { Chart, chartTypes, type ChartDatum, type ChartProps } from './Chart.js';
