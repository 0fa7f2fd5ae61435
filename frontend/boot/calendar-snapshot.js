/*
 * Paints the last calendar this browser drew (src/features/calendar/calendarSnapshot.ts keeps it; see
 * docs/architecture.md#calendar-snapshot) before any of the app's code has run, on a repeat visit to the home page.
 * It is a picture: inert, hidden from screen readers, and gone as soon as the app's own calendar has drawn its
 * bookings. A snapshot of another month or window width is not drawn, and if the app draws any other page (the login
 * page, an error) the snapshot goes at once.
 */
(function () {
  'use strict';
  if (location.pathname !== '/' || location.search !== '') return;
  var keys = ['calendarSnapshot', 'keptCalendarWindows', 'keptSignedInUser'];
  // Only while the server's hint says this browser holds a live session (docs/security.md#shared-devices): without
  // it the session ended, and nothing of the last user is shown or kept.
  if (!/(?:^|;\s*)session_hint=1(?:;|$)/.test(document.cookie)) {
    try {
      keys.forEach(function (key) {
        localStorage.removeItem(key);
      });
    } catch (error) {
      // Blocked storage kept nothing.
    }
    return;
  }
  var snapshot;
  try {
    snapshot = JSON.parse(localStorage.getItem('calendarSnapshot') || 'null');
  } catch (error) {
    return;
  }
  if (!snapshot || typeof snapshot.html !== 'string' || typeof snapshot.css !== 'string') return;
  var now = new Date();
  // The offline stand-in lasts at most 7 days (shared/keptWindows.ts, KEPT_MAX_AGE_MS).
  if (typeof snapshot.savedAt !== 'number' || now.getTime() - snapshot.savedAt > 7 * 24 * 3600 * 1000) return;
  var month = now.getFullYear() + '-' + String(now.getMonth() + 1).padStart(2, '0');
  if (snapshot.month !== month || snapshot.width !== window.innerWidth) return;

  var styles = document.createElement('style');
  styles.id = 'calendar-snapshot-styles';
  styles.textContent = snapshot.css;
  document.head.appendChild(styles);
  if (snapshot.htmlClass) document.documentElement.className = snapshot.htmlClass;
  var layer = document.createElement('div');
  layer.id = 'calendar-snapshot';
  layer.setAttribute('inert', '');
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:fixed;inset:0;z-index:1400;overflow:hidden';
  layer.innerHTML = snapshot.html;
  document.body.appendChild(layer);

  function remove() {
    layer.remove();
    styles.remove();
  }
  // The app drew another page (its heading is not the calendar's): the snapshot must not stand over it.
  document.addEventListener('DOMContentLoaded', function () {
    var app = document.getElementById('root');
    if (!app) return remove();
    var observer = new MutationObserver(function () {
      if (!layer.isConnected) return observer.disconnect();
      var heading = app.querySelector('h1');
      if (heading && !heading.closest('[data-app-loading]') && heading.textContent !== snapshot.heading) {
        remove();
        observer.disconnect();
      }
    });
    observer.observe(app, { childList: true, subtree: true, characterData: true });
  });
})();
