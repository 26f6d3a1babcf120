/**
 * The dashboard's only script of its own, served as /dashboard/assets/dashboard.js. Kept as text in a
 * module so that it ships wherever the server's code does (a build copies no loose asset files).
 * Plain ES2017 for the browser: copy buttons, answers kept in view, a line when no answer came, and Chart.js charts drawn from the JSON that the
 * server renders beside each canvas (also for canvases that an htmx swap brings).
 */
export const CLIENT_SCRIPT = String.raw`(function () {
  'use strict';

  function announce(text) {
    var region = document.getElementById('resultado');
    if (region) region.textContent = text;
  }

  // navigator.clipboard needs a secure context: http://127.0.0.1 is one, http://testbed:3000 is not.
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'fuera';
    document.body.appendChild(area);
    area.select();
    var ok = document.execCommand('copy');
    area.remove();
    return ok ? Promise.resolve() : Promise.reject(new Error('copy'));
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest ? event.target.closest('[data-copy]') : null;
    if (!button) return;
    var id = button.getAttribute('data-copy');
    copy(id).then(function () {
      button.textContent = 'Copiado';
      // A key's secret is not repeated in the line everyone sees (and that outlives the next key).
      announce(id.indexOf('fk_') === 0 ? 'Clave copiada al portapapeles.' : 'Copiado al portapapeles: ' + id);
      setTimeout(function () { button.textContent = 'Copiar'; }, 1500);
    }, function () {
      announce(id.indexOf('fk_') === 0 ? 'No se pudo copiar la clave: selecciónala junto al botón.' : 'No se pudo copiar; el id es ' + id);
    });
  });

  // A canvas swapped in by htmx is new and bare; one already drawn is left as it is.
  function drawCharts() {
    if (!window.Chart) return;
    document.querySelectorAll('canvas[data-chart]').forEach(function (canvas) {
      var source = document.getElementById(canvas.getAttribute('data-chart'));
      if (!source || window.Chart.getChart(canvas)) return;
      new window.Chart(canvas, JSON.parse(source.textContent));
    });
  }

  // An answer that must be read now (a key shown once) is brought into view when it arrives.
  function keepInView() {
    document.querySelectorAll('[data-a-la-vista]').forEach(function (region) {
      new MutationObserver(function () {
        if (region.textContent.trim()) region.scrollIntoView({ block: 'nearest' });
      }).observe(region, { childList: true });
    });
  }

  // No answer at all (serve stopped, the connection cut): htmx swaps nothing and the page would stay
  // as it was, as if the action had worked. An answer with an error status is the server's to show.
  document.addEventListener('htmx:error', function (event) {
    var ctx = event.detail && event.detail.ctx;
    var region = document.getElementById('avisos');
    if ((ctx && ctx.response) || !region) return;
    var line = document.createElement('p');
    line.className = 'error sin-respuesta';
    line.textContent = 'No llegó respuesta del testbed: ¿sigue en marcha serve? Vuelve a intentarlo cuando responda.';
    region.replaceChildren(line);
  });

  // A form's answer below 400: a form marked data-vaciar empties, as what it made is made; and, when
  // the user sent it, the red line goes, as it told of an earlier try (an action's own answer empties
  // it too, out of band; a filter's did not, and the line stayed above a list the later filter had
  // mended). A form reloaded by the page itself (mundo-cambiado after an earlier action) may answer
  // after a newer error, and must leave that error in view.
  var SENT_BY_USER = ['submit', 'input', 'change'];
  document.addEventListener('htmx:after:request', function (event) {
    var form = event.target;
    var ctx = event.detail && event.detail.ctx;
    if (!form || !form.matches || !form.matches('form') || !ctx || !ctx.response || ctx.response.status >= 400) return;
    if (form.matches('form[data-vaciar]')) form.reset();
    var region = document.getElementById('avisos');
    if (region && ctx.sourceEvent && SENT_BY_USER.indexOf(ctx.sourceEvent.type) >= 0) region.replaceChildren();
  });

  // A user's action (a form sent, a button pressed) is one request: its buttons stay disabled until it
  // is answered, so a double click does not advance the clock twice or make two keys, one never shown.
  // Its line in #resultado says it is under way instead of showing the last action's answer. A list's
  // poll is no action: its buttons stay as they are.
  var ACTED_BY_USER = ['submit', 'click'];
  document.addEventListener('htmx:before:request', function (event) {
    var ctx = event.detail && event.detail.ctx;
    var source = ctx && ctx.sourceElement;
    if (!source || !ctx.sourceEvent || ACTED_BY_USER.indexOf(ctx.sourceEvent.type) < 0) return;
    var buttons = source.matches('button') ? [source] : Array.prototype.slice.call(source.querySelectorAll('button'));
    ctx.busyButtons = buttons.filter(function (button) { return !button.disabled; });
    ctx.busyButtons.forEach(function (button) { button.disabled = true; });
    if (ctx.target && ctx.target.id === 'resultado') announce('Enviando…');
  });
  document.addEventListener('htmx:finally:request', function (event) {
    var ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.busyButtons) return;
    ctx.busyButtons.forEach(function (button) { button.disabled = false; });
    // No answer came (the red line says so): the action is no longer under way.
    var region = document.getElementById('resultado');
    if (!ctx.response && region && region.textContent === 'Enviando…') announce('');
  });

  // Serve answers again (a list's poll, any action): the line saying it did not is no longer true.
  // Only that line: an error the server answered stays until the user acts.
  document.addEventListener('htmx:after:request', function (event) {
    var ctx = event.detail && event.detail.ctx;
    var region = document.getElementById('avisos');
    if (!ctx || !ctx.response || !region) return;
    var stale = region.querySelector('.sin-respuesta');
    if (stale) stale.remove();
  });

  // The world is gone (deleted in another tab, by a test, a reset): its lists would ask for it every
  // 2 s, each answered 404. The page keeps its title and the API's message, says so and shows the way
  // back; the rest goes, and with it every list's polling (htmx polls only what is in the page).
  document.addEventListener('mundo-borrado', function () {
    var main = document.getElementById('contenido');
    if (!main || main.querySelector('.mundo-borrado')) return;
    var kept = [main.querySelector('h1'), document.getElementById('avisos')].filter(Boolean);
    var note = document.createElement('p');
    note.className = 'mundo-borrado';
    note.textContent = 'Este mundo ya no está en el testbed: otra pestaña, una prueba o un reset lo borró. ';
    var back = document.createElement('a');
    var home = document.querySelector('.marca');
    back.href = home ? home.getAttribute('href') : '/dashboard';
    back.textContent = 'Volver a los mundos';
    note.appendChild(back);
    main.replaceChildren.apply(main, kept.concat([note]));
  });

  // The rides window's defaults follow the world's today (#hora-mundo's data-hoy) when the clock moves;
  // a day the user typed stays as typed.
  function followToday() {
    var clock = document.getElementById('hora-mundo');
    var today = clock && clock.getAttribute('data-hoy');
    if (!today) return;
    document.querySelectorAll('input[data-dias-desde-hoy]').forEach(function (input) {
      if (input.value !== input.getAttribute('data-puesto')) return;
      var day = new Date(today + 'T00:00:00Z');
      day.setUTCDate(day.getUTCDate() + Number(input.getAttribute('data-dias-desde-hoy')));
      var value = day.toISOString().slice(0, 10);
      input.value = value;
      input.setAttribute('data-puesto', value);
    });
  }

  document.addEventListener('htmx:after:process', followToday);
  document.addEventListener('DOMContentLoaded', keepInView);
  document.addEventListener('DOMContentLoaded', drawCharts);
  document.addEventListener('htmx:after:process', drawCharts);
})();
`;
