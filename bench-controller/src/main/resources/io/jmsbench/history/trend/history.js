// The history's trend page: per point, one chart per metric over its runs (the 95% interval dashed
// beside the figure), each change point a red dashed line between the last run before it and the
// first after, then the runs' table. Data from the JSON element the page carries.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('history-data').textContent);
  const main = document.getElementById('history');

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function markChanges(changes) {
    return function (u) {
      const ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = '#d62728';
      ctx.lineWidth = 2;
      ctx.setLineDash([6, 4]);
      for (const c of changes) {
        const x = u.valToPos(c.index + 0.5, 'x', true);
        ctx.beginPath();
        ctx.moveTo(x, u.bbox.top);
        ctx.lineTo(x, u.bbox.top + u.bbox.height);
        ctx.stroke();
      }
      ctx.restore();
    };
  }

  function chart(target, point, metric) {
    const xs = point.runs.map(function (r, i) { return i + 1; });
    const opts = {
      title: metric.label + ' (' + metric.unit + ')' + (metric.changes.length ? ', ' + metric.changes.length
        + ' change point' + (metric.changes.length > 1 ? 's' : '') : ''),
      width: 560, height: 260,
      scales: { x: { time: false } },
      series: [
        { label: 'run #' },
        { label: metric.label, stroke: '#1f77b4', width: 2, points: { show: true, size: 6 } },
        { label: '95% low', stroke: '#6baed6', dash: [4, 4], width: 1 },
        { label: '95% high', stroke: '#6baed6', dash: [4, 4], width: 1 }
      ],
      axes: [{ label: 'run #' }, { label: metric.unit, size: 70 }],
      hooks: { draw: [markChanges(metric.changes)] }
    };
    new uPlot(opts, [xs, metric.values, metric.low, metric.high], target);
  }

  main.appendChild(el('h1', data.title));
  main.appendChild(el('p', 'History: ' + data.history + '. Same: ' + data.same + '.', 'note'));
  main.appendChild(el('p', data.method + '. Red dashed line: a change point, between the last run before it '
    + 'and the first after.', 'note'));
  for (const l of data.leftOut) main.appendChild(el('p', 'Left out: ' + l, 'note'));
  for (const point of data.points) {
    main.appendChild(el('h2', point.header));
    if (!point.changes.length) main.appendChild(el('p', 'No change point.'));
    for (const c of point.changes) main.appendChild(el('p', 'Change point: ' + c, 'change'));
    const charts = el('div', undefined, 'charts');
    main.appendChild(charts);
    for (const metric of point.metrics) {
      const box = el('div');
      charts.appendChild(box);
      chart(box, point, metric);
    }
    const table = el('table');
    const head = el('tr');
    for (const h of point.columns) head.appendChild(el('th', h));
    table.appendChild(head);
    for (const row of point.rows) {
      const tr = el('tr');
      for (const cell of row) tr.appendChild(el('td', cell));
      table.appendChild(tr);
    }
    main.appendChild(table);
  }
}());
