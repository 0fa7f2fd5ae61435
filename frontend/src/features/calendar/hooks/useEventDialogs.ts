/**
 * Which of the calendar's dialogs is open: adding an event on a day, an event's details, marking a day (new or
 * editing an existing mark) and a marked day's details.
 */
import { useState } from 'react';
import type { MarkedDay } from '../../../api/types';
import type { AnyEvent } from '../viewModel';

export interface MarkTarget {
  date: string;
  existing?: MarkedDay;
}

export function useEventDialogs() {
  const [addDate, setAddDate] = useState<string | null>(null);
  const [detailEvent, setDetailEvent] = useState<AnyEvent | null>(null);
  const [markTarget, setMarkTarget] = useState<MarkTarget | null>(null);
  const [markedDetail, setMarkedDetail] = useState<MarkedDay | null>(null);

  return {
    addDate,
    openAdd: setAddDate,
    closeAdd: () => setAddDate(null),
    detailEvent,
    openDetail: setDetailEvent,
    closeDetail: () => setDetailEvent(null),
    markTarget,
    openMark: (date: string) => setMarkTarget({ date }),
    closeMark: () => setMarkTarget(null),
    markedDetail,
    openMarkedDetail: setMarkedDetail,
    closeMarkedDetail: () => setMarkedDetail(null),
    /** From a marked day's details to its edit form. */
    editMarkedDay: (day: MarkedDay) => {
      setMarkedDetail(null);
      setMarkTarget({ date: day.date.slice(0, 10), existing: day });
    },
  };
}
