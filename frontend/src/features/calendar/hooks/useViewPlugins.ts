/**
 * FullCalendar's plugins for the view on screen. The month, 3-month and year views (the first screen) need only the
 * day-grid and multi-month plugins; the time-grid plugin behind the week and day views is a fifth of FullCalendar
 * and loads the first time one of them is chosen (the calendar's cold JavaScript). FullCalendar
 * takes a changed `plugins` option without remounting, so the calendar keeps its date while the plugin arrives.
 */
import type { PluginInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import multiMonthPlugin from '@fullcalendar/react/multimonth';
import classicTheme from '@fullcalendar/react/themes/classic';
import { useEffect, useState } from 'react';
import { usesTimeGrid, type FcViewName } from '../viewNames';

const FIRST_SCREEN_PLUGINS: PluginInput[] = [classicTheme, dayGridPlugin, multiMonthPlugin];

/** One download per page, shared by every calendar that asks; a failed one is asked again next time. */
let timeGridLoad: Promise<PluginInput[]> | null = null;
let withTimeGrid: PluginInput[] | null = null;

function loadTimeGrid(): Promise<PluginInput[]> {
  timeGridLoad ??= import('@fullcalendar/react/timegrid').then(
    (module) => (withTimeGrid = [...FIRST_SCREEN_PLUGINS, module.default]),
    (error: unknown) => {
      timeGridLoad = null;
      throw error;
    },
  );
  return timeGridLoad;
}

/** The plugins to give FullCalendar, and whether they already include the view's. */
export function useViewPlugins(view: FcViewName): { plugins: PluginInput[]; ready: boolean } {
  const [plugins, setPlugins] = useState(() => withTimeGrid ?? FIRST_SCREEN_PLUGINS);
  const needsTimeGrid = usesTimeGrid(view);
  const ready = !needsTimeGrid || plugins !== FIRST_SCREEN_PLUGINS;

  useEffect(() => {
    if (ready) return;
    let current = true;
    loadTimeGrid().then(
      (loaded) => current && setPlugins(loaded),
      // The view stays as it was; choosing the week or day again retries the download.
      (error: unknown) => console.error('The week and day views failed to load', error),
    );
    return () => {
      current = false;
    };
  }, [ready]);

  return { plugins, ready };
}
