import { IsISO8601, IsNotEmpty } from 'class-validator';

/** ?startDate&endDate on every calendar read: ISO dates or date-times, end exclusive (checked by toDateRange). */
export class DateRangeQuery {
  @IsISO8601({ strict: true }, { message: 'Invalid date' })
  @IsNotEmpty({ message: 'startDate er påkrevd' })
  startDate: string;

  @IsISO8601({ strict: true }, { message: 'Invalid date' })
  @IsNotEmpty({ message: 'endDate er påkrevd' })
  endDate: string;
}
