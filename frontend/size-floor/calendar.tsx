/**
 * The least the calendar can be on the stack: FullCalendar's month view with the app's first-screen plugins, theme
 * and Norwegian locale, fed by one react-query read. No shell, toolbar, markers, dialogs or the app's texts.
 */
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import nbLocale from '@fullcalendar/react/locales/nb';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import classicTheme from '@fullcalendar/react/themes/classic';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { mountBarePage } from './bare';

function BareCalendar() {
  const events = useQuery({ queryKey: ['/api/calendar'], queryFn: () => fetch('/api/calendar').then((response) => response.json()) });
  return <FullCalendar plugins={[classicTheme, dayGridPlugin, multiMonthPlugin]} locales={[nbLocale]} locale="nb" initialView="dayGridMonth" events={events.data ?? []} />;
}

await mountBarePage(
  <QueryClientProvider client={new QueryClient()}>
    <BareCalendar />
  </QueryClientProvider>,
);
