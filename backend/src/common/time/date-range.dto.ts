import { IsNotEmpty } from 'class-validator';
import { IsCalendarDate } from './iso-date';

/** ?startDate&endDate on every calendar read: ISO dates or date-times, end exclusive (checked by toDateRange). */
export class DateRangeQuery {
  @IsCalendarDate({ message: 'Invalid date' })
  @IsNotEmpty({ message: 'startDate er påkrevd' })
  startDate: string;

  @IsCalendarDate({ message: 'Invalid date' })
  @IsNotEmpty({ message: 'endDate er påkrevd' })
  endDate: string;
}
