export { Chart, labelIndexes, niceMax, type ChartDatum, type ChartProps } from './Chart.tsx';
