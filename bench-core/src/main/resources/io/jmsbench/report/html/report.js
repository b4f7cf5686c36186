// report.html's own script: builds the header and draws the charts from the JSON the page carries
// (io.jmsbench.report.html.PageData). Per-point charts are drawn only for the point chosen in the
// select box, so a sweep of many points with long windows stays responsive.
(function () {
  'use strict';

  const data = JSON.parse(document.getElementById('report-data').textContent);
  const root = document.getElementById('report');
  // saturated colours only: a series must stand out from the grey axes and grid (the browser test counts on it)
  const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#e377c2', '#bcbd22',
    '#0b5394', '#a61c00'];
  const RECEIVED = '#1f77b4';
  const DISPATCHED = '#d62728';
  const TARGET = '#222222';
  const PHASE_FILL = {warmup: 'rgba(255,165,0,0.14)', measure: 'rgba(46,160,67,0.10)', drain: 'rgba(120,120,120,0.14)'};
  const FIGURES = [
    {key: 'received', title: 'received rate (publishers sent)'},
    {key: 'dispatched', title: 'dispatched rate (subscribers got)'},
    {key: 'overall', title: 'overall rate (received + dispatched)'}
  ];
  // latency percentiles on a "nines" axis: x = -log10(1 - p), so 90% is 1, 99% is 2, 99.9% is 3
  const NINES = [
    {key: 'p50', x: Math.log10(2), label: '50%'}, {key: 'p90', x: 1, label: '90%'},
    {key: 'p99', x: 2, label: '99%'}, {key: 'p999', x: 3, label: '99.9%'},
    {key: 'p9999', x: 4, label: '99.99%'}, {key: 'max', x: 5, label: 'max'}
  ];
  const pointCharts = [];

  // ---- small helpers -------------------------------------------------------------------------

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text != null) e.textContent = text;
    return e;
  }

  function add(parent, tag, className, text) {
    const e = el(tag, className, text);
    parent.appendChild(e);
    return e;
  }

  function rate(v) {
    return v == null ? 'n/a' : Math.round(v).toLocaleString('en-US');
  }

  function rateCi(f) {
    if (!f || f.rate == null) return 'n/a';
    return f.ci95 == null ? rate(f.rate) : rate(f.rate) + ' ± ' + rate(f.ci95);
  }

  function stat(f) {
    if (!f || f.mean == null) return 'n/a';
    return f.ci95 == null ? rate(f.mean) : rate(f.mean) + ' ± ' + rate(f.ci95);
  }

  function gib(bytes) {
    return bytes == null || bytes < 0 ? 'n/a' : (bytes / 1073741824).toFixed(1) + ' GiB';
  }

  function value(v) {
    return v === null ? 'none' : String(v);
  }

  function hasValue(column) {
    return column && column.some(v => v != null);
  }

  function facts(parent, rows) {
    const dl = add(parent, 'dl', 'facts');
    for (const [term, text] of rows) {
      if (text == null || text === '') continue;
      add(dl, 'dt', null, term);
      add(dl, 'dd', null, text);
    }
    return dl;
  }

  function table(parent, headers, rows) {
    const t = add(parent, 'table');
    const head = add(add(t, 'thead'), 'tr');
    headers.forEach(h => add(head, 'th', null, h));
    const body = add(t, 'tbody');
    rows.forEach(cells => {
      const tr = add(body, 'tr');
      cells.forEach(c => {
        if (c instanceof Node) add(tr, 'td').appendChild(c);
        else if (typeof c === 'object' && c !== null) add(tr, 'td', c.className, c.text);
        else add(tr, 'td', null, c);
      });
    });
    return t;
  }

  // message.size as the scenario gave it: one size, a distribution ({kind: {...}}) or files
  function sizeText(m) {
    if (m.files) return 'bodies from the files in ' + m.files;
    const d = m.sizes || {};
    if (d.uniform) return 'uniform from ' + d.uniform.low + ' to ' + d.uniform.high + ' bytes';
    if (d.weighted) return 'weighted ' + d.weighted.choices.map(c => c.value + ' bytes (weight ' + c.weight + ')')
      .join(', ');
    if (d.lognormal) return 'log-normal, median ' + d.lognormal.median + ' bytes, p99 ' + d.lognormal.p99 + ' bytes';
    return m.size + ' bytes';
  }

  function verdictText(v) {
    return v === 'valid' ? 'VALID' : v === 'invalid' ? 'INVALID' : 'UNVERIFIED';
  }

  function findingList(findings) {
    const box = el('div');
    if (!findings || findings.length === 0) {
      box.textContent = 'none';
      return box;
    }
    for (const f of findings) {
      const line = add(box, 'div', 'finding');
      add(line, 'span', 'severity ' + f.severity, f.severity);
      add(line, 'code', null, f.code);
      line.appendChild(document.createTextNode(': ' + f.text));
    }
    return box;
  }

  function chartWidth(container) {
    const w = container.clientWidth || root.clientWidth || 1000;
    return Math.max(360, Math.min(w, 1130));
  }

  // ---- chart building blocks -----------------------------------------------------------------

  /** Draws a uPlot chart into a new box in {@code container}; {@code into} collects it for cleanup. */
  function chart(container, opts, columns, into, caption) {
    const box = add(container, 'div', 'chart');
    const u = new uPlot(Object.assign({width: chartWidth(container), height: 300}, opts), columns, box);
    if (into) into.push(u);
    if (caption) add(container, 'div', 'caption', caption);
    return u;
  }

  function clipped(u, draw) {
    const ctx = u.ctx;
    const b = u.bbox;
    ctx.save();
    ctx.beginPath();
    ctx.rect(b.left, b.top, b.width, b.height);
    ctx.clip();
    draw(ctx, b);
    ctx.restore();
  }

  /** Shades each phase span behind the series. */
  function phaseShading(spans) {
    return u => clipped(u, (ctx, b) => {
      for (const s of spans) {
        const x0 = u.valToPos(s.from, 'x', true);
        const x1 = u.valToPos(s.to, 'x', true);
        if (x1 > x0) {
          ctx.fillStyle = PHASE_FILL[s.phase] || 'rgba(0,0,0,0.05)';
          ctx.fillRect(x0, b.top, x1 - x0, b.height);
        }
      }
    });
  }

  /** Each fault as a red band over the seconds the broker was down; a dashed red line when the last client reconnected. */
  function faultBands(faults) {
    return u => clipped(u, (ctx, b) => {
      for (const f of faults || []) {
        if (f.at == null || f.downFor == null) continue;
        const x0 = u.valToPos(f.at, 'x', true);
        const x1 = Math.max(x0 + 2 * devicePixelRatio, u.valToPos(f.at + f.downFor, 'x', true));
        ctx.fillStyle = 'rgba(220,38,38,0.25)';
        ctx.fillRect(x0, b.top, x1 - x0, b.height);
        if (f.reconnectedAfter != null) {
          const x = u.valToPos(f.at + f.reconnectedAfter, 'x', true);
          ctx.strokeStyle = 'rgb(220,38,38)';
          ctx.lineWidth = devicePixelRatio;
          ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
          ctx.beginPath();
          ctx.moveTo(x, b.top);
          ctx.lineTo(x, b.top + b.height);
          ctx.stroke();
          ctx.setLineDash([]);
        }
      }
    });
  }

  /** The window's mean as a dashed line over the measurement span, its 95% interval as a band. */
  function windowBands(spans, figures) {
    const measure = spans.filter(s => s.phase === 'measure');
    if (measure.length === 0) return () => {};
    const from = measure[0].from;
    const to = measure[measure.length - 1].to;
    return u => clipped(u, ctx => {
      const x0 = u.valToPos(from, 'x', true);
      const x1 = u.valToPos(to, 'x', true);
      for (const f of figures) {
        if (f.rate == null) continue;
        if (f.ci95 != null) {
          const top = u.valToPos(f.rate + f.ci95, 'y', true);
          const bottom = u.valToPos(f.rate - f.ci95, 'y', true);
          ctx.globalAlpha = 0.2;
          ctx.fillStyle = f.color;
          ctx.fillRect(x0, top, x1 - x0, bottom - top);
          ctx.globalAlpha = 1;
        }
        const y = u.valToPos(f.rate, 'y', true);
        ctx.strokeStyle = f.color;
        ctx.lineWidth = 1.5 * devicePixelRatio;
        ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
        ctx.beginPath();
        ctx.moveTo(x0, y);
        ctx.lineTo(x1, y);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    });
  }

  /** Horizontal threshold lines with their labels, e.g. the paper's CPU rules. */
  function thresholds(lines) {
    return u => clipped(u, (ctx, b) => {
      ctx.font = (12 * devicePixelRatio) + 'px sans-serif';
      // uPlot leaves the context as its last axis drew (right-aligned y labels): set ours
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      for (const line of lines) {
        const y = u.valToPos(line.y, 'y', true);
        ctx.strokeStyle = line.color;
        ctx.lineWidth = 1.5 * devicePixelRatio;
        ctx.setLineDash([2 * devicePixelRatio, 3 * devicePixelRatio]);
        ctx.beginPath();
        ctx.moveTo(b.left, y);
        ctx.lineTo(b.left + b.width, y);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillStyle = line.color;
        ctx.fillText(line.label, b.left + 6 * devicePixelRatio, y - 4 * devicePixelRatio);
      }
    });
  }

  /** Vertical error bars: {@code bars[i]} is the half-width array of series i + 1 ({@code null}: none). */
  function errorBars(bars, xOf) {
    return u => clipped(u, ctx => {
      const cap = 4 * devicePixelRatio;
      bars.forEach((half, k) => {
        const s = k + 1;
        if (!half || !u.series[s].show) return;
        ctx.strokeStyle = u.series[s]._stroke || u.series[s].stroke;
        ctx.lineWidth = 1.2 * devicePixelRatio;
        u.data[s].forEach((y, i) => {
          if (y == null || half[i] == null) return;
          const x = u.valToPos(xOf ? xOf(s, i) : u.data[0][i], 'x', true);
          const top = u.valToPos(y + half[i], 'y', true);
          const bottom = u.valToPos(Math.max(y - half[i], 0), 'y', true);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, bottom);
          ctx.moveTo(x - cap, top);
          ctx.lineTo(x + cap, top);
          ctx.moveTo(x - cap, bottom);
          ctx.lineTo(x + cap, bottom);
          ctx.stroke();
        });
      });
    });
  }

  function rateAxis(label) {
    return {label: label, size: 70, values: (u, splits) => splits.map(v => v == null ? '' : rate(v))};
  }

  function timeSeries(label, color, extra) {
    return Object.assign({label: label, stroke: color, width: 1.5, points: {show: false}}, extra || {});
  }

  // ---- the header ----------------------------------------------------------------------------

  function header() {
    const s = data.scenario || {};
    add(root, 'h1', null, 'jmsbench report: ' + (s.name || data.runId));
    if (s.description) add(root, 'p', 'description', s.description);

    const counts = {valid: 0, invalid: 0, unverified: 0};
    data.points.forEach(p => counts[p.verdict]++);
    const kind = counts.invalid > 0 ? 'invalid' : counts.unverified > 0 ? 'unverified' : 'valid';
    let text = 'Run ' + data.status + (data.abortReason ? ' (' + data.abortReason + ')' : '') + ': ';
    text += data.valid ? 'VALID, every point valid.'
      : 'NOT VALID: ' + counts.valid + ' valid, ' + counts.invalid + ' invalid, ' + counts.unverified
        + ' unverified of ' + data.points.length + ' measured point(s).';
    add(root, 'div', 'banner ' + (data.status === 'aborted' ? 'invalid' : kind), text);

    const env = data.environment || {};
    const broker = s.broker || {};
    const pub = s.publishers || {};
    const delivery = s.delivery || {};
    const phases = s.phases || {};
    facts(root, [
      ['run', data.runId + ', ' + data.startedAt + ' to ' + data.finishedAt],
      ['scenario file', data.scenarioFile + (data.overrides && data.overrides.length ? ' with --set '
        + data.overrides.join(', --set ') : '')],
      ['broker', broker.url ? 'external ' + broker.url : 'embedded ' + broker.embedded
        + (broker.persistent ? ', persistent store' : ', no persistent store')],
      ['provider', s.provider],
      ['destination', s.destination ? s.destination.type + ' ' + s.destination.name : null],
      ['message', s.message ? s.message.type + ', ' + sizeText(s.message) + ', ' + s.message.properties
        + ' properties' : null],
      ['publishers', pub.clients + ' clients, rate ' + value(pub.rate)],
      ['subscribers', (s.subscribers || []).map((g, i) => '[' + i + '] ' + g.clients + ' clients, selector '
        + (g.selector ? g.selector : g.filter ? JSON.stringify(g.filter) : 'none')).join('; ')],
      ['delivery', (delivery.persistent ? 'persistent' : 'non-persistent') + ', ack ' + delivery.ack],
      ['phases', 'warm-up ' + phases.warmup + ', measure ' + phases.measure + ', drain up to ' + phases.drain],
      ['validity rules', data.validity ? 'broker (or shared) host busy ≥ ' + Math.round(data.validity.brokerCpuMin * 100)
        + '% in a capacity run; each client JVM (or client host) < ' + Math.round(data.validity.clientCpuMax * 100)
        + '% of its cores' : null]
    ]);

    add(root, 'h2', null, 'Versions and hosts');
    const jvm = env.controllerJvm || {};
    facts(root, [
      ['versions', 'jmsbench ' + env.jmsbench + ', Java ' + jvm.javaVersion + ' (' + jvm.vmVendor + ')'
        + (env.broker ? ', broker ' + env.broker.kind + ' ' + env.broker.version : '')
        + ', activemq-client ' + env.activemqClient + ', qpid-jms-client ' + env.qpidJmsClient],
      ['provider settings', env.providerSettings && Object.keys(env.providerSettings).length
        ? Object.entries(env.providerSettings).map(([k, v]) => k + '=' + v).join(', ') : null],
      ['varies by point', env.variesByPoint && env.variesByPoint.length ? env.variesByPoint.join(', ')
        + ' (each point\'s own are in report.json)' : null]
    ]);
    const hosts = [];
    const ch = env.controllerHost || {};
    hosts.push(['controller', ch.hostname, ch.cores, ch.cpuModel, gib(ch.memoryBytes), ch.os + ' ' + ch.osVersion,
      'Java ' + jvm.javaVersion]);
    if (env.broker) {
      hosts.push(['broker: ' + env.broker.kind + ' ' + env.broker.version, env.broker.url, '', '',
        env.broker.memoryLimitMb != null ? 'memory limit ' + env.broker.memoryLimitMb + ' MB' : '', '',
        env.broker.jvm ? 'Java ' + env.broker.jvm.javaVersion + ' ' + env.broker.jvm.flags.join(' ') : 'JVM unknown']);
    }
    for (const a of env.agents || []) {
      const info = a.info || {};
      const host = info.host || {};
      const j = info.jvm || {};
      hosts.push([a.name + (a.address ? ' at ' + a.address : '') + ', ' + a.clients + ' clients', host.hostname,
        host.cores, host.cpuModel, gib(host.memoryBytes), (host.os || '') + ' ' + (host.osVersion || ''),
        'Java ' + j.javaVersion + (a.clock ? ', clock offset ' + a.clock.offsetMicros.toFixed(1) + ' ± '
          + a.clock.uncertaintyMicros.toFixed(1) + ' µs' + (a.clock.applied ? ' (applied)' : ' (same clock)') : '')]);
    }
    table(root, ['role', 'host', 'cores', 'CPU', 'memory', 'OS', 'JVM'], hosts);
    if (env.disk) {
      add(root, 'p', null, 'Disk under the store (' + env.disk.blockSize + '-byte blocks): '
        + rate(env.disk.writes.perSecond) + ' writes/s, ' + rate(env.disk.syncWrites.perSecond)
        + ' synced writes/s, ' + rate(env.disk.reads.perSecond) + ' reads/s.');
    }

    add(root, 'h3', null, 'What was not measured');
    const ul = add(root, 'ul', 'unmeasured');
    data.notMeasured.forEach(t => add(ul, 'li', null, t));

    add(root, 'h2', null, 'Verdict of every point');
    // a finding every point shares (shared host, not warmed up) is said once, above the table
    const key = f => f.severity + '|' + f.code + '|' + f.text;
    const common = data.points.length > 1 ? data.points[0].findings.filter(f =>
      data.points.every(p => p.findings.some(g => key(g) === key(f)))) : [];
    const commonKeys = new Set(common.map(key));
    if (common.length > 0) {
      add(root, 'p', null, 'Every point:');
      root.appendChild(findingList(common));
    }
    table(root, ['point', 'verdict', 'received msgs/s', 'dispatched msgs/s', 'overall msgs/s', 'r expected / measured',
      common.length > 0 ? 'other findings' : 'findings'], data.points.map(p => [
      p.label, {className: 'verdict ' + p.verdict, text: verdictText(p.verdict)},
      {className: 'num', text: rateCi(p.received)}, {className: 'num', text: rateCi(p.dispatched)},
      {className: 'num', text: rate(p.overallRate)},
      {className: 'num', text: value(p.expectedGrade) + ' / ' + value(p.measuredGrade)},
      findingList(p.findings.filter(f => !commonKeys.has(key(f))))]));
    add(root, 'div', 'caption', 'Rates are over the measurement window, ± the half-width of their 95% interval '
      + '(batch means over the window\'s seconds). Only a valid point counts for --require-valid and the model fit.');

    claimSection();
    modelSection();

    const details = add(root, 'details');
    add(details, 'summary', null, 'The scenario as run (resolved, with every default)');
    add(details, 'pre', null, JSON.stringify(data.scenario, null, 2));
  }

  // ---- claims and the cost model -------------------------------------------------------------

  function claimSection() {
    if (!data.claims || data.claims.length === 0) return;
    add(root, 'h2', null, 'Claims');
    add(root, 'p', null, 'What the scenario expects (expect:), judged on the 95% intervals: two rates differ '
      + 'only when their intervals are apart; an overlap or a point not valid is inconclusive, never a pass.');
    table(root, ['claim', 'verdict', 'why'], data.claims.map(c => {
      const why = el('ul', 'reasons');
      c.reasons.forEach(r => add(why, 'li', null, r));
      return [c.statement, {className: 'claim ' + c.verdict, text: c.verdict}, why];
    }));
  }

  function percent(v) {
    return v == null ? 'n/a' : (100 * v).toFixed(1) + '%';
  }

  /** The fitted cost model, its figures as report.md gives them: one column per compared set side by side. */
  function modelSection() {
    const sets = data.models && Object.keys(data.models).length > 0 ? Object.entries(data.models)
      : data.model ? [['fitted', data.model]] : [];
    if (data.modelsNotFitted && data.modelsNotFitted.length > 0) {
      add(root, 'h3', null, 'Cost model: not fitted');
      const ul = add(root, 'ul');
      data.modelsNotFitted.forEach(t => add(ul, 'li', null, t));
    }
    if (sets.length === 0) return;
    add(root, 'h3', null, (sets.length > 1 ? 'Cost model per compared set' : 'Cost model')
      + ' (paper eq. 1: B = t_rcv + n_fltr · t_fltr + r · t_tx)');
    table(root, ['parameter'].concat(sets.map(([name]) => name + ' [95% interval]'), ['paper (ActiveMQ 4.0)']),
      sets[0][1].rows.parameters.map((p, j) => [p.name]
        .concat(sets.map(([, m]) => ({className: 'num', text: m.rows.parameters[j].cell})),
          [{className: 'num', text: p.paper}])));
    add(root, 'p', null, data.modelCells);
    for (const [name, m] of sets) {
      const excluded = m.rows.excluded;
      add(root, 'p', null, (sets.length > 1 ? name + ': ' : '') + 'R² ' + (m.rSquared == null ? 'n/a' : m.rSquared)
        + ' over ' + m.pointsUsed + ' points, ' + m.degreesOfFreedom + ' degree(s) of freedom'
        + (excluded.length > 0 ? ', ' + excluded.length + ' point(s) left out' : '')
        + '. Leave-one-out error of the received rate: median ' + percent(m.looMedian) + ', worst '
        + percent(m.looWorst) + '.' + (m.warnings.length ? ' Warnings: ' + m.warnings.join('; ') + '.' : ''));
      if (excluded.length > 0) {
        const ul = add(root, 'ul');
        excluded.forEach(t => add(ul, 'li', null, t));
      }
    }
  }

  // ---- the sweep -----------------------------------------------------------------------------

  function paramText(key, v) {
    return key + '=' + value(v);
  }

  /** The entries grouped by the values of every parameter but {@code keep}: one series each. */
  function groupBy(entries, parameters, keep) {
    const others = parameters.filter(p => p.key !== keep).map(p => p.key);
    const groups = new Map();
    for (const e of entries) {
      const name = others.length ? others.map(k => paramText(k, e.parameters[k])).join(', ') : 'all points';
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(e);
    }
    return groups;
  }

  function sweepSection() {
    const sweep = data.sweep;
    if (!sweep) return;
    add(root, 'h2', null, 'Sweep');
    add(root, 'p', null, sweep.points.length + ' points × ' + sweep.repeat + ' repeat(s). Error bars: the 95% '
      + 'interval of the mean over the repeats (Student t), where there are two or more.'
      + (data.model ? ' Dashed: the fitted cost model at each point\'s n_fltr and expected r.' : ''));
    for (const parameter of sweep.parameters.filter(p => p.numeric)) {
      add(root, 'h3', null, 'Rates against ' + parameter.key);
      const box = add(root, 'div', 'charts');
      for (const figure of FIGURES) {
        lineAgainst(box, sweep, parameter.key, figure);
      }
    }
    const names = sweep.parameters.filter(p => !p.numeric);
    if (names.length > 0) {
      add(root, 'h3', null, 'Rates by ' + names.map(p => p.key).join(' × '));
      const box = add(root, 'div', 'charts');
      for (const figure of FIGURES) {
        groupedBars(box, sweep, names[0].key, figure);
      }
    }
    const latencies = data.points.filter(p => p.latency);
    if (latencies.length > 1 && latencies.length <= 12) {
      add(root, 'h3', null, 'Latency percentiles of every point');
      latencyDistribution(root, latencies, null);
    }
  }

  function lineAgainst(box, sweep, key, figure) {
    const xs = Array.from(new Set(sweep.points.map(e => e.parameters[key]))).sort((a, b) => a - b);
    const groups = groupBy(sweep.points, sweep.parameters, key);
    const columns = [xs];
    const series = [{label: key}];
    const bars = [];
    let color = 0;
    for (const [name, entries] of groups) {
      const at = x => entries.find(e => e.parameters[key] === x);
      const c = COLORS[color++ % COLORS.length];
      columns.push(xs.map(x => at(x) ? at(x)[figure.key].mean : null));
      series.push({label: name, stroke: c, width: 2, points: {show: true, size: 6, fill: c}});
      bars.push(xs.map(x => at(x) ? at(x)[figure.key].ci95 : null));
      if (data.model) {
        columns.push(xs.map(x => at(x) && at(x).model ? at(x).model[figure.key] : null));
        series.push({label: 'model, ' + name, stroke: c, width: 1.5, dash: [6, 4], points: {show: false}});
        bars.push(null);
      }
    }
    chart(box, {
      title: figure.title + ' against ' + key,
      width: Math.min(chartWidth(root), 560),
      scales: {x: {time: false}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}},
      axes: [{label: key}, rateAxis('msgs/s')],
      series: series,
      hooks: {draw: [errorBars(bars)]}
    }, columns);
  }

  /** Bars grouped by the values of {@code key}; one bar per combination of the other parameters. */
  function groupedBars(box, sweep, key, figure) {
    const groupNames = Array.from(new Set(sweep.points.map(e => value(e.parameters[key]))));
    const bars = groupBy(sweep.points, sweep.parameters, key);
    const columns = [groupNames.map((_, i) => i)];
    const series = [{label: key, value: (u, v) => v == null ? '' : groupNames[v]}];
    const halfWidths = [];
    let color = 0;
    for (const [name, entries] of bars) {
      const at = g => entries.find(e => value(e.parameters[key]) === g);
      const c = COLORS[color++ % COLORS.length];
      columns.push(groupNames.map(g => at(g) ? at(g)[figure.key].mean : null));
      halfWidths.push(groupNames.map(g => at(g) ? at(g)[figure.key].ci95 : null));
      series.push({label: name, stroke: c, fill: c, width: 0, paths: () => null, points: {show: false}});
    }
    const n = bars.size;
    const slot = 0.8 / n;
    const xOf = (s, i) => i - 0.4 + slot * (s - 0.5);
    const drawBars = u => clipped(u, ctx => {
      for (let s = 1; s <= n; s++) {
        if (!u.series[s].show) continue;
        ctx.fillStyle = u.series[s]._fill || u.series[s].fill;
        u.data[s].forEach((y, i) => {
          if (y == null) return;
          const x0 = u.valToPos(i - 0.4 + slot * (s - 1), 'x', true);
          const x1 = u.valToPos(i - 0.4 + slot * s, 'x', true);
          const top = u.valToPos(y, 'y', true);
          const bottom = u.valToPos(0, 'y', true);
          ctx.fillRect(x0 + 1, top, Math.max(1, x1 - x0 - 2), bottom - top);
        });
      }
    });
    chart(box, {
      title: figure.title + ' by ' + key,
      width: Math.min(chartWidth(root), 560),
      scales: {x: {time: false, range: [-0.5, groupNames.length - 0.5]},
        y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}},
      axes: [{label: key, splits: () => groupNames.map((_, i) => i), values: (u, splits) => splits.map(i => groupNames[i])},
        rateAxis('msgs/s')],
      series: series,
      hooks: {draw: [drawBars, errorBars(halfWidths, xOf)]}
    }, columns);
  }

  // ---- one point -----------------------------------------------------------------------------

  function latencyDistribution(container, points, into) {
    const columns = [NINES.map(n => n.x)];
    const series = [{label: 'percentile', value: (u, v) => v == null ? '' : NINES.find(n => n.x === v).label}];
    points.forEach((p, k) => {
      const c = COLORS[k % COLORS.length];
      columns.push(NINES.map(n => p.latency[n.key] > 0 ? p.latency[n.key] : null));
      series.push({label: points.length === 1 ? 'latency' : p.label, stroke: c, width: 2,
        points: {show: true, size: 6, fill: c}});
    });
    chart(container, {
      title: 'latency percentile distribution (µs, log scale)',
      scales: {x: {time: false, range: [0, 5.3]}, y: {distr: 3}},
      axes: [{label: 'percentile', splits: () => NINES.map(n => n.x),
        values: (u, splits) => splits.map(x => (NINES.find(n => n.x === x) || {label: ''}).label)},
        {label: 'µs', size: 70}],
      series: series
    }, columns, into, 'Measured ' + (points[0].latency.basis || '') + '.');
  }

  function pointSection() {
    if (data.points.length === 0) return;
    add(root, 'h2', null, data.points.length > 1 ? 'One point, second by second' : 'Second by second');
    let select = null;
    if (data.points.length > 1) {
      const label = add(root, 'label', null, 'Point: ');
      select = add(label, 'select');
      select.id = 'point-select';
      data.points.forEach((p, i) => {
        const option = add(select, 'option', null, verdictText(p.verdict) + ' · ' + p.label);
        option.value = String(i);
      });
    }
    const detail = add(root, 'div');
    detail.id = 'point-detail';
    const show = i => {
      while (pointCharts.length) pointCharts.pop().destroy();
      detail.textContent = '';
      drawPoint(detail, data.points[i]);
    };
    if (select) select.addEventListener('change', () => show(Number(select.value)));
    show(0);
  }

  function drawPoint(box, p) {
    const s = p.series;
    add(box, 'p', null, 'Verdict: ' + verdictText(p.verdict) + '. Received ' + rateCi(p.received)
      + ' msgs/s, dispatched ' + rateCi(p.dispatched) + ' msgs/s over a ' + p.received.seconds.toFixed(1)
      + ' s window; n_fltr ' + p.filters + '.');
    box.appendChild(findingList(p.findings));
    if (p.sizes) {
      add(box, 'p', null, 'Payload: ' + p.sizes.received + ' B/s received, ' + p.sizes.dispatched
        + ' B/s dispatched' + (p.sizes.summary ? '; ' + p.sizes.summary : '') + '.');
      if (p.sizes.buckets.length) {
        table(box, ['bytes up to', 'messages', 'share'], p.sizes.buckets).className = 'sizes';
      }
    }
    if (p.groups) {
      table(box, ['publisher group', 'clients', 'rate asked', 'messages sent', 'msgs/s sent', 'payload bytes/s'],
        p.groups).className = 'groups';
    }
    if (p.roundTrip) {
      add(box, 'p', null, p.roundTrip);
    }
    if (p.loop) {
      closedLoop(box, p.loop);
    }
    if (!s.t.length) {
      add(box, 'p', 'none', 'No per-second samples were recorded for this point.');
      return;
    }
    const shading = phaseShading(s.phases);
    const rateSeries = [{label: 't (s)'}, timeSeries('received', RECEIVED), timeSeries('dispatched', DISPATCHED)];
    const rateColumns = [s.t, s.received, s.dispatched];
    if (s.target) {
      rateSeries.push(timeSeries('target (profile)', TARGET, {dash: [4, 3]}));
      rateColumns.push(s.target);
    }
    chart(box, {
      title: s.target ? 'target, received and dispatched rate per second' : 'received and dispatched rate per second',
      scales: {x: {time: false}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}},
      axes: [{label: 's since the publishers started'}, rateAxis('msgs/s')],
      series: rateSeries,
      hooks: {drawClear: [shading, faultBands(p.faults)], draw: [windowBands(s.phases, [
        Object.assign({color: RECEIVED}, p.received), Object.assign({color: DISPATCHED}, p.dispatched)])]}
    }, rateColumns, pointCharts,
    (s.target ? 'Black: the rate profile\'s target send rate, against which the received rate (what the '
      + 'publishers sent) is judged. ' : '') + 'Shaded: warm-up (orange), measurement window (green), drain (grey)'
      + (p.faults && p.faults.length ? '; red: the broker down, one band per fault (' + p.faults.map(f => f.action
        + ' at ' + f.at + ' s' + (f.clientsReconnected ? ', ' + f.clientsReconnected + ' clients reconnected by '
        + (f.at + f.reconnectedAfter).toFixed(1) + ' s, the dashed red line' : '')).join(', ') + ')' : '')
        + '. Dashed: the window\'s mean rate; '
      + 'band: its 95% interval (batch means).');

    if (p.latency) {
      latencyDistribution(box, [p], pointCharts);
    } else {
      add(box, 'p', 'none', 'Latency: not measured for this point.');
    }
    if (hasValue(s.latencyP50) || hasValue(s.latencyP99)) {
      const positive = col => col.map(v => v != null && v > 0 ? v : null);
      chart(box, {
        title: 'latency p50 and p99 per second (µs, log scale)',
        scales: {x: {time: false}, y: {distr: 3}},
        axes: [{label: 's since the publishers started'}, {label: 'µs', size: 70}],
        series: [{label: 't (s)'}, timeSeries('p50', COLORS[0]), timeSeries('p99', COLORS[3])],
        hooks: {drawClear: [shading]}
      }, [s.t, positive(s.latencyP50), positive(s.latencyP99)], pointCharts);
    }
    const cpu = s.cpuPercent;
    if (hasValue(cpu.broker) || hasValue(cpu.publishers) || hasValue(cpu.subscribers) || hasValue(cpu.host)) {
      const lines = [];
      if (data.validity) {
        lines.push({y: data.validity.brokerCpuMin * 100, color: '#b42318',
          label: 'broker rule: its host ≥ ' + Math.round(data.validity.brokerCpuMin * 100) + '% busy'});
        lines.push({y: data.validity.clientCpuMax * 100, color: '#9a6700',
          label: 'client rule: each client JVM < ' + Math.round(data.validity.clientCpuMax * 100) + '%'});
      }
      chart(box, {
        title: 'CPU per second, % of the host\'s cores',
        scales: {x: {time: false}, y: {range: (u, min, max) => [0, Math.max(105, max || 0)]}},
        axes: [{label: 's since the publishers started'}, {label: '% of cores', size: 60}],
        series: [{label: 't (s)'}, timeSeries('broker', COLORS[0]), timeSeries('publisher agents', COLORS[2]),
          timeSeries('subscriber agents', COLORS[3]), timeSeries('host busy', '#444', {dash: [4, 3]})],
        hooks: {drawClear: [shading], draw: [thresholds(lines)]}
      }, [s.t, cpu.broker, cpu.publishers, cpu.subscribers, cpu.host], pointCharts,
      'Each JVM\'s cores used as a share of its host\'s ' + p.hostCores + ' cores (agents of a role added up); '
        + 'host busy: the whole machine. The rules apply to the measurement window.');
    } else {
      add(box, 'p', 'none', 'CPU: not measured for this point.');
    }
    if (hasValue(s.brokerDepth)) {
      chart(box, {
        title: 'messages the broker held per second (its management interface)',
        scales: {x: {time: false}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}},
        axes: [{label: 's since the publishers started'}, rateAxis('messages')],
        series: [{label: 't (s)'}, timeSeries('held', COLORS[4])],
        hooks: {drawClear: [shading]}
      }, [s.t, s.brokerDepth], pointCharts,
      'The broker\'s own count of the messages it held, read every 2 s through its management interface. '
        + 'A backlog that grows through the window is a broker that does not keep up.');
    }
    if (s.brokerMemoryMiB && hasValue(s.brokerMemoryMiB)) {
      chart(box, {
        title: 'broker memory per second (resident, MiB)',
        scales: {x: {time: false}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}},
        axes: [{label: 's since the publishers started'}, {label: 'MiB', size: 60}],
        series: [{label: 't (s)'}, timeSeries('resident', COLORS[5 % COLORS.length])],
        hooks: {drawClear: [shading]}
      }, [s.t, s.brokerMemoryMiB], pointCharts,
      'The broker process\'s resident memory (/proc), read each second: a heap that climbs through the window '
        + 'toward its limit is a broker heading for flow control or paging.');
    }
    if (s.backlog && hasValue(s.backlog)) {
      const b = p.backlog;
      chart(box, {
        title: 'backlog per second: copies sent and not yet received',
        scales: {x: {time: false}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}},
        axes: [{label: 's since the publishers started'}, rateAxis('messages')],
        series: [{label: 't (s)'}, timeSeries('backlog', COLORS[1])],
        hooks: {drawClear: [shading]}
      }, [s.t, s.backlog], pointCharts,
      'From the clients\' counts at each second: the publishers\' sends times the replication grade, less the '
        + 'subscribers\' receipts.' + (b ? ' Peak ' + b.peak.toLocaleString('en') + ' messages at ' + b.peakAt
        + ' s; ' + (b.peak <= b.tolerance ? 'never above the ' + b.tolerance.toLocaleString('en')
        + ' counted as in flight' : b.drainedAt != null ? 'drained at ' + b.drainedAt.toFixed(1) + ' s, ' + b.drainSeconds.toFixed(1)
        + ' s after the consumers joined' + (b.drainRate != null ? ', at ' + Math.round(b.drainRate) + ' msgs/s' : '')
        : 'never drained') + '.' : ''));
    }
    const partitions = Object.keys(cpu.partitions || {});
    if (partitions.length) {
      const lines = data.validity ? [{y: data.validity.brokerCpuMin * 100, color: '#b42318',
        label: 'broker rule: its partition ≥ ' + Math.round(data.validity.brokerCpuMin * 100) + '% busy'},
      {y: data.validity.clientCpuMax * 100, color: '#9a6700',
        label: 'client rule: each client partition < ' + Math.round(data.validity.clientCpuMax * 100) + '%'}] : [];
      chart(box, {
        title: 'CPU partitions per second, % busy of each partition\'s CPUs',
        scales: {x: {time: false}, y: {range: (u, min, max) => [0, Math.max(105, max || 0)]}},
        axes: [{label: 's since the publishers started'}, {label: '% busy', size: 60}],
        series: [{label: 't (s)'}].concat(partitions.map((name, i) => timeSeries(name, COLORS[i % COLORS.length]))),
        hooks: {drawClear: [shading], draw: [thresholds(lines)]}
      }, [s.t].concat(partitions.map(name => cpu.partitions[name])), pointCharts,
      'Each partition\'s CPUs busy, whatever ran there (the run\'s JVMs, interrupts, kernel threads, other '
        + 'processes); the point\'s figures split the window\'s time between them.');
    }
  }

  /**
   * rate: sustainable: the closed loop's steps and holds as a table and a chart, one level per step
   * (the rate asked and the rate sent, left axis) with the backlog's slope each step showed (right
   * axis); a gap where the publishers nearly stopped for a failed step's backlog to drain.
   */
  function closedLoop(box, loop) {
    add(box, 'h3', null, 'Convergence of the closed loop');
    add(box, 'p', null, loop.sentence);
    table(box, ['step', 'from s', 'rate asked', 'sent msgs/s', 'backlog copies/s', 'p99 ms', 'verdict', 'drained s'],
      loop.steps.map(s => [String(s.index) + (s.hold ? ' (hold)' : ''), s.start.toFixed(0), rate(s.rate), rate(s.sentRate),
        s.backlogSlope == null ? '' : (s.backlogSlope > 0 ? '+' : '') + s.backlogSlope.toLocaleString('en'),
        s.latencyP99Ms == null ? '' : s.latencyP99Ms.toFixed(2), s.verdict,
        s.drainSeconds > 0 ? s.drainSeconds.toFixed(0) : ''])).className = 'loop';
    const t = [];
    const asked = [];
    const sent = [];
    const slope = [];
    for (const s of loop.steps) {
      for (const x of [s.start, s.start + s.seconds]) {
        t.push(x);
        asked.push(s.rate);
        sent.push(s.sentRate);
        slope.push(s.backlogSlope);
      }
      if (s.drainSeconds > 0) { // a gap while the backlog drained
        t.push(s.start + s.seconds + s.drainSeconds / 2);
        asked.push(null);
        sent.push(null);
        slope.push(null);
      }
    }
    const lines = loop.rate != null ? [{y: loop.rate, color: '#2ca02c',
      label: (loop.converged ? 'held: ' : 'held, NOT converged: ') + rate(loop.rate) + ' msgs/s'}] : [];
    chart(box, {
      title: 'closed loop: rate asked and sent per step, and the backlog\'s slope',
      scales: {x: {time: false}, y: {range: (u, min, max) => [0, max > 0 ? max * 1.08 : 1]}, slope: {}},
      axes: [{label: 's since the publishers started'}, rateAxis('msgs/s'),
        {scale: 'slope', side: 1, label: 'backlog copies/s', size: 70, grid: {show: false}}],
      series: [{label: 't (s)'}, timeSeries('rate asked', TARGET, {width: 2}), timeSeries('sent', RECEIVED),
        timeSeries('backlog slope', DISPATCHED, {scale: 'slope', dash: [4, 3]})],
      hooks: {draw: [thresholds(lines)]}
    }, [t, asked, sent, slope], pointCharts,
    'One level per step, over the seconds it ran (the first, while the pipeline follows the change, is not '
      + 'judged). A step keeps up when the publishers sent 97% of the rate asked and the backlog rose by no more '
      + 'than 3% of the copies asked a second (red, right axis); the rate doubles while steps keep up, then the '
      + 'loop bisects between the highest that did and the lowest that did not. Gaps: the publishers nearly '
      + 'stopped while a failed step\'s backlog drained. Converged, the loop holds the rate it found for three '
      + 'steps\' time (the rows marked hold), judged over all but its first second with 98% of the rate sent '
      + 'and the backlog within the window\'s precision (5% unless set); a hold that does not keep up sends the '
      + 'loop back below it. Green: the rate held for the window.');
  }

  // ---- the page ------------------------------------------------------------------------------

  header();
  sweepSection();
  pointSection();
  let resizing = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => pointCharts.forEach(u => u.setSize({width: chartWidth(u.root.parentNode),
      height: 300})), 150);
  });
  document.body.setAttribute('data-rendered', 'true');
})();
