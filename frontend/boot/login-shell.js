/*
 * The prerendered login page's own script (auth.html; docs/architecture.md#prerendered-login-page). It runs before
 * the page is drawn, so the form is never pressed without it: a press (the button or Enter) sends the login and keeps
 * its answer on the form (with, once it signed the visitor in, the calendar's first window), and other buttons'
 * presses on the page are kept, for the app, whose login form takes over what was typed, adopts the login's answer
 * and presses those buttons again (src/features/auth/loginShell.ts). Any other first screen of the app (already
 * signed in, maintenance, an error) removes the prerendered page when it draws.
 */
(function () {
  'use strict';
  var root = document.documentElement;
  // The prerendered page is Norwegian; someone who chose English waits for the app instead.
  try {
    if (localStorage.getItem('language') === 'en') root.setAttribute('data-no-login-shell', '');
  } catch (error) {
    // Storage blocked: Norwegian, the default.
  }

  // loginValidation.ts's EMAIL_PATTERN: a login is sent from here only when the app's own check would send it too.
  var EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  // A press sends the login at once, as the app would, and keeps its answer on the form for the app to adopt
  // (src/shared/prerenderedLogin.ts): the wait for the answer overlaps the wait for the app's code.
  function sendLogin(form) {
    var email = form.elements.namedItem('email');
    var password = form.elements.namedItem('password');
    var username = email ? email.value.trim() : '';
    if (!EMAIL_PATTERN.test(username) || !password || !password.value) return;
    form.sentLogin = fetch('/api/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: username, password: password.value }),
    }).then(function (res) {
      return res.text().then(function (text) {
        return { status: res.status, statusText: res.statusText, text: text };
      });
    });
    // Read by the app; a failure no one has read yet is not an unhandled error.
    form.sentLogin.catch(function () {});
    form.sentWindow = form.sentLogin.then(function (answer) {
      return signedIn(answer) ? readFirstWindow() : null;
    });
    form.sentWindow.catch(function () {});
  }

  // A login answered with a user, not with the code step's challenge.
  function signedIn(answer) {
    if (answer.status !== 200) return false;
    try {
      return !('twoFactorRequired' in JSON.parse(answer.text));
    } catch (error) {
      return false;
    }
  }

  // The calendar's first window, read the moment the login is answered while the app's code is still on its way; the
  // app keeps it as a window this browser knows, so the calendar's first drawing has the bookings
  // (src/shared/prerenderedLogin.ts). It is the one-month grid of today's month as FullCalendar draws it: six weeks of
  // local days from the Monday on or before the 1st (the app's monthGridRange in neighbourWindows.ts).
  function readFirstWindow() {
    var now = new Date();
    var back = (new Date(now.getFullYear(), now.getMonth(), 1).getDay() + 6) % 7;
    var range = {
      startDate: new Date(now.getFullYear(), now.getMonth(), 1 - back).toISOString(),
      endDate: new Date(now.getFullYear(), now.getMonth(), 1 - back + 42).toISOString(),
    };
    return fetch('/api/calendar-window?' + new URLSearchParams(range), { credentials: 'include', cache: 'no-store' }).then(function (res) {
      return res.text().then(function (text) {
        return { range: range, status: res.status, text: text, etag: res.headers.get('ETag') };
      });
    });
  }

  // The signed-in app and the calendar (the build lists them on the page) download while the login is answered.
  function preloadSignedInApp() {
    var shell = document.getElementById('login-shell');
    var files = shell ? (shell.getAttribute('data-after-login') || '').split(' ') : [];
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      var css = /\.css$/.test(files[i]);
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
  }

  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.closest('#login-shell')) return;
      event.preventDefault();
      // Pressed again while the first press waits for the app: that one stands.
      if (form.hasAttribute('data-pressed')) return;
      form.setAttribute('data-pressed', '');
      var button = form.querySelector('button[type="submit"]');
      if (button && button.getAttribute('data-busy-label')) button.textContent = button.getAttribute('data-busy-label');
      sendLogin(form);
      preloadSignedInApp();
    },
    true,
  );

  // Any other button (the language, the view, clearing the cache) is pressed again on the app's page when it has
  // taken over; the buttons are the same, in the same order.
  document.addEventListener(
    'click',
    function (event) {
      var shell = document.getElementById('login-shell');
      var button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!shell || !button || !shell.contains(button) || button.type === 'submit') return;
      var index = Array.prototype.indexOf.call(shell.querySelectorAll('button'), button);
      var clicks = shell.getAttribute('data-clicks');
      shell.setAttribute('data-clicks', clicks ? clicks + ',' + index : String(index));
    },
    true,
  );

  // A field's label moves up while it has the caret or a value, as the app's fields do (the styles are auth.html's).
  function markLabel(event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.closest('#login-shell')) return;
    var raised = input.value !== '' || (event.type !== 'focusout' && document.activeElement === input);
    var field = input.closest('.MuiFormControl-root');
    if (field) field.setAttribute('data-raised', String(raised));
  }
  document.addEventListener('focusin', markLabel, true);
  document.addEventListener('focusout', markLabel, true);
  document.addEventListener('input', markLabel, true);

  document.addEventListener('DOMContentLoaded', function () {
    var shell = document.getElementById('login-shell');
    var app = document.getElementById('root');
    if (!shell || !app) return;
    if (root.hasAttribute('data-no-login-shell')) {
      shell.remove();
      return;
    }
    // The e-mail field has the caret from the start (autofocus), before any focus event this script could see.
    var focused = document.activeElement;
    if (focused instanceof HTMLInputElement && shell.contains(focused)) markLabel({ target: focused, type: 'focusin' });
    // The app's own login form removes the shell as it mounts; a heading, landmark or form of any other screen that
    // is not the startup's loading screen means the app went elsewhere.
    var observer = new MutationObserver(function () {
      if (!shell.isConnected) return observer.disconnect();
      var content = app.querySelector('h1, main, form');
      if (content && !content.closest('[data-app-loading]')) {
        shell.remove();
        observer.disconnect();
      }
    });
    observer.observe(app, { childList: true, subtree: true });
  });
})();
