export { formatDate, formatDateNumeric, formatDateTime, type DateInput, type DateFormatOptions } from './date.ts';
export { abbreviateNumber } from './number.ts';
export { formatClock, formatDuration, roundDuration, type ClockOptions } from './duration.ts';
export { formatSize } from './size.ts';
export { formatPrice, type PriceInterval, type PriceFormatOptions } from './price.ts';
