// The one date/time format lives in packages/shared (IST, `MMM DD, YYYY HH:mm`) so server and web agree.
export {
  IST_TIME_ZONE,
  MISSING_DATE,
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
} from '@nivesh/shared';
