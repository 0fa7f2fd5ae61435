/** Payouts' public face: the year chart and the month summary, which the back office's overview shows too. */
export { YearChart } from './components/YearChart';
export { byMonth, summarize } from './summary';
