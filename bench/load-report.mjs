// The arithmetic of bench/load-bench.mjs, apart from the run so that it can be tested
// (scripts/test/load-report.test.mjs): latencies per kind of request, the CPU profile's summary,
// and what the database was busy with.

/** The nearest-rank percentile of values sorted ascending (NaN when there are none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Latencies, statuses and errors per kind of request. A status of 400 or more and any socket
 * error or timeout is an error; 2xx and 3xx are answers. Kinds keep the order they are first
 * seen in (or registered in with `kind()`), so a table follows the journeys.
 */
export class LoadRecorder {
  #kinds = new Map();
  /** [seconds into the run, ms or NaN for no answer, whether it failed], when the time is given. */
  #moments = [];

  kind(name) {
    let entry = this.#kinds.get(name);
    if (!entry) {
      entry = { latencies: [], statuses: new Map(), failures: new Map(), bytes: 0 };
      this.#kinds.set(name, entry);
    }
    return entry;
  }

  response(name, status, ms, bytes = 0, at = undefined) {
    const entry = this.kind(name);
    entry.latencies.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    entry.bytes += bytes;
    if (at !== undefined) this.#moments.push([at, ms, status >= 400]);
  }

  /** A request that got no answer: a socket error, a timeout. */
  failure(name, reason, at = undefined) {
    const entry = this.kind(name);
    entry.failures.set(reason, (entry.failures.get(reason) ?? 0) + 1);
    if (at !== undefined) this.#moments.push([at, Number.NaN, true]);
  }

  /** All kinds together per `seconds` of the run: when the slow answers and the errors came. */
  timeline(seconds) {
    const buckets = [];
    for (const [at, ms, failed] of this.#moments) {
      const index = Math.max(0, Math.floor(at / seconds));
      buckets[index] ??= { from: index * seconds, latencies: [], count: 0, errors: 0 };
      const bucket = buckets[index];
      bucket.count += 1;
      if (failed) bucket.errors += 1;
      if (Number.isFinite(ms)) bucket.latencies.push(ms);
    }
    return Array.from(buckets, (bucket, index) => {
      const sorted = Float64Array.from(bucket?.latencies ?? []).sort();
      return {
        from: index * seconds,
        count: bucket?.count ?? 0,
        errors: bucket?.errors ?? 0,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      };
    });
  }

  /** One row per kind that saw a request, and the total over all of them. */
  summary() {
    const rows = [];
    const all = [];
    let errors = 0;
    let bytes = 0;
    for (const [name, entry] of this.#kinds) {
      const answered = entry.latencies.length;
      const failed = [...entry.failures.values()].reduce((sum, count) => sum + count, 0);
      if (answered + failed === 0) continue;
      const sorted = Float64Array.from(entry.latencies).sort();
      const errorStatuses = [...entry.statuses].filter(([status]) => status >= 400).sort(([a], [b]) => a - b);
      const kindErrors = errorStatuses.reduce((sum, [, count]) => sum + count, 0) + failed;
      rows.push({
        name,
        count: answered + failed,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
        errors: kindErrors,
        errorDetail: [...errorStatuses.map(([status, count]) => `${status}×${count}`), ...[...entry.failures].map(([reason, count]) => `${reason}×${count}`)].join(', '),
        bytes: entry.bytes,
      });
      all.push(...entry.latencies);
      errors += kindErrors;
      bytes += entry.bytes;
    }
    const sorted = Float64Array.from(all).sort();
    const total = {
      name: 'all requests',
      count: rows.reduce((sum, row) => sum + row.count, 0),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      errors,
      errorDetail: '',
      bytes,
    };
    return { rows, total };
  }
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

/** The Markdown table of `LoadRecorder.summary()`; `seconds` turns counts into requests per second. */
export function formatLoadTable({ rows, total }, seconds) {
  const line = (row, bold = false) => {
    const errors = row.errors && row.errorDetail ? `${row.errors} (${row.errorDetail})` : String(row.errors);
    const cells = [row.name, String(row.count), (row.count / seconds).toFixed(1), ms(row.p50), ms(row.p95), ms(row.p99), ms(row.max), errors];
    return `| ${(bold ? cells.map((cell) => (cell ? `**${cell}**` : cell)) : cells).join(' | ')} |`;
  };
  return [
    '| request | count | req/s | p50 | p95 | p99 | max | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map((row) => line(row)),
    line(total, true),
  ].join('\n');
}

const AREAS = [
  [/^\((garbage collector)\)$/, 'V8: garbage collector'],
  [/^\((idle)\)$/, 'idle'],
  [/^\((program)\)$/, 'V8 and native code (program)'],
];

/** Where a function of a CPU profile belongs: our backend, a package, Node itself, or V8. */
export function areaOf(callFrame) {
  for (const [pattern, area] of AREAS) if (pattern.test(callFrame.functionName)) return area;
  const url = callFrame.url ?? '';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (packageMatch) return packageMatch[1];
  if (url.startsWith('node:')) return 'node (built-in modules)';
  if (/\/backend\/dist\//.test(url)) return 'backend (ours)';
  if (url === '') return callFrame.functionName ? 'native' : 'other';
  return 'other';
}

/**
 * The self time of a `.cpuprofile` (V8's format: nodes with call frames, samples and time deltas)
 * per function and per area, largest first, idle left out. Shares are of the busy time.
 */
export function summarizeCpuProfile(profile, { top = 20 } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  let totalUs = 0;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas?.[index] ?? 0;
    selfUs.set(profile.samples[index], (selfUs.get(profile.samples[index]) ?? 0) + delta);
    totalUs += delta;
  }
  const byFunction = new Map();
  const byArea = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    const file = (callFrame.url ?? '').replace(/^file:\/\//, '').replace(/^.*\/(node_modules|backend\/dist)\//, '$1/');
    const name = `${callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const area = areaOf(callFrame);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const busyUs = totalUs - (byArea.get('idle') ?? 0);
  byFunction.delete('(idle)');
  byArea.delete('idle');
  const ranked = (map) => [...map].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000, share: busyUs ? us / busyUs : 0 }));
  return { totalMs: totalUs / 1000, busyMs: busyUs / 1000, functions: ranked(byFunction).slice(0, top), areas: ranked(byArea) };
}

/** A statement as one short line: whitespace collapsed, literals and parameters made alike. */
export function normalizeQuery(sql, length = 140) {
  const text = sql
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+/g, '?')
    .replace(/\b\d+(\.\d+)?\b/g, '?')
    .replace(/\(\s*\?(\s*,\s*\?)+\s*\)/g, '(?, …)')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * Samples of pg_stat_activity (each an array of the database's active backends: query,
 * wait_event_type, wait_event) summed up: how often each statement was running, what the
 * backends waited on, and how many were busy at once.
 */
export function summarizeActivity(samples, { top = 12 } = {}) {
  const byQuery = new Map();
  const byWait = new Map();
  let busy = 0;
  let active = 0;
  for (const sample of samples) {
    if (sample.length) busy += 1;
    active += sample.length;
    for (const backend of sample) {
      const query = normalizeQuery(backend.query ?? '');
      byQuery.set(query, (byQuery.get(query) ?? 0) + 1);
      const wait = backend.wait_event_type ? `${backend.wait_event_type}: ${backend.wait_event}` : 'on CPU (no wait event)';
      byWait.set(wait, (byWait.get(wait) ?? 0) + 1);
    }
  }
  const ranked = (map) => [...map].sort((a, b) => b[1] - a[1]).map(([name, count]) => ({ name, count, share: active ? count / active : 0 }));
  return {
    samples: samples.length,
    busyShare: samples.length ? busy / samples.length : 0,
    meanActive: samples.length ? active / samples.length : 0,
    queries: ranked(byQuery).slice(0, top),
    waits: ranked(byWait),
  };
}
