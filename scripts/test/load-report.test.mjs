import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { areaOf, formatLoadTable, LoadRecorder, normalizeQuery, percentile, summarizeActivity, summarizeCpuProfile } from '../../bench/load-report.mjs';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);

  it('takes the nearest rank', () => {
    assert.equal(percentile(hundred, 50), 50);
    assert.equal(percentile(hundred, 95), 95);
    assert.equal(percentile(hundred, 99), 99);
    assert.equal(percentile(hundred, 100), 100);
    assert.equal(percentile([1, 2, 3], 50), 2);
    assert.equal(percentile([1, 2, 3], 99), 3);
  });

  it('gives the only value for one sample and NaN for none', () => {
    assert.equal(percentile([7], 1), 7);
    assert.equal(percentile([7], 99), 7);
    assert.ok(Number.isNaN(percentile([], 50)));
  });
});

describe('LoadRecorder', () => {
  it('keeps the order kinds were registered in, and counts errors by status and by failure', () => {
    const recorder = new LoadRecorder();
    recorder.kind('visitor: list');
    recorder.kind('never sent');
    recorder.kind('author: sign in');
    for (let ms = 1; ms <= 100; ms += 1) recorder.response('author: sign in', 200, ms, 10);
    recorder.response('visitor: list', 302, 5, 0);
    recorder.response('visitor: list', 404, 1, 0);
    recorder.response('visitor: list', 500, 2, 0);
    recorder.response('visitor: list', 500, 3, 0);
    recorder.failure('visitor: list', 'timeout');

    const { rows, total } = recorder.summary();
    assert.deepEqual(rows.map((row) => row.name), ['visitor: list', 'author: sign in']);
    const [list, signIn] = rows;
    assert.equal(list.count, 5);
    assert.equal(list.errors, 4);
    assert.equal(list.errorDetail, '404×1, 500×2, timeout×1');
    assert.equal(list.max, 5);
    assert.deepEqual([signIn.count, signIn.p50, signIn.p95, signIn.p99, signIn.max, signIn.errors, signIn.bytes], [100, 50, 95, 99, 100, 0, 1000]);
    assert.equal(total.count, 105);
    assert.equal(total.errors, 4);
    assert.equal(total.max, 100);
    // Latencies compare as numbers, not as text (10 after 9).
    assert.equal(percentile(Float64Array.from([10, 9, 100]).sort(), 50), 10);
  });

  it('puts the answers and failures given a time into buckets of the run, empty ones included', () => {
    const recorder = new LoadRecorder();
    recorder.response('a', 200, 5, 0, 0.5);
    recorder.response('b', 200, 7, 0, 9.9);
    recorder.response('a', 500, 1, 0, 25);
    recorder.failure('a', 'timeout', 29);
    recorder.response('a', 200, 100);
    assert.deepEqual(recorder.timeline(10).map(({ from, count, errors, p50, max }) => [from, count, errors, p50, max]), [
      [0, 2, 0, 5, 7],
      [10, 0, 0, Number.NaN, Number.NaN],
      [20, 2, 2, 1, 1],
    ]);
  });

  it('formats one row per kind and the total, with requests per second', () => {
    const recorder = new LoadRecorder();
    recorder.response('a', 200, 2, 0);
    recorder.response('a', 503, 4, 0);
    const table = formatLoadTable(recorder.summary(), 2).split('\n');
    assert.equal(table.length, 4);
    assert.equal(table[2], '| a | 2 | 1.0 | 2.0 ms | 4.0 ms | 4.0 ms | 4.0 ms | 1 (503×1) |');
    assert.equal(table[3], '| **all requests** | **2** | **1.0** | **2.0 ms** | **4.0 ms** | **4.0 ms** | **4.0 ms** | **1** |');
  });
});

describe('summarizeCpuProfile', () => {
  const frame = (functionName, url = '', lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0, scriptId: '0' });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('list', 'file:///work/main/backend/dist/modules/papers/papers.service.js', 9) },
      { id: 4, callFrame: frame('parse', 'file:///work/main/node_modules/@mikro-orm/core/utils.js', 0) },
      { id: 5, callFrame: frame('(garbage collector)') },
    ],
    samples: [2, 3, 3, 4, 5, 2],
    timeDeltas: [1000, 500, 500, 250, 250, 1000],
  };

  it('adds self time per function and per area, as shares of the busy time', () => {
    const summary = summarizeCpuProfile(profile);
    assert.equal(summary.totalMs, 3.5);
    assert.equal(summary.busyMs, 1.5);
    assert.deepEqual(summary.functions.map((row) => [row.name, row.ms]), [
      ['list backend/dist/modules/papers/papers.service.js:10', 1],
      ['parse node_modules/@mikro-orm/core/utils.js:1', 0.25],
      ['(garbage collector)', 0.25],
    ]);
    assert.deepEqual(summary.areas.map((row) => row.name), ['backend (ours)', '@mikro-orm/core', 'V8: garbage collector']);
    assert.equal(summary.areas[0].share, 1 / 1.5);
  });

  it('names the area of node built-ins and native code', () => {
    assert.equal(areaOf(frame('writev', 'node:internal/stream_base_commons')), 'node (built-in modules)');
    assert.equal(areaOf(frame('hash')), 'native');
    assert.equal(areaOf(frame('(program)')), 'V8 and native code (program)');
  });
});

describe('the database activity', () => {
  it('makes statements that differ only in their values alike', () => {
    assert.equal(
      normalizeQuery("select *\n  from papers where id = 'a''b' and n > 12 and x in ($1, $2,$3) limit 3"),
      'select * from papers where id = ? and n > ? and x in (?, …) limit ?',
    );
    assert.equal(normalizeQuery('x'.repeat(200), 10), `${'x'.repeat(9)}…`);
  });

  it('counts samples per statement and per wait', () => {
    const samples = [
      [],
      [{ query: 'select 1', wait_event_type: null, wait_event: null }],
      [{ query: 'select 2', wait_event_type: 'IO', wait_event: 'WALSync' }, { query: 'select 3', wait_event_type: null, wait_event: null }],
      [],
    ];
    const summary = summarizeActivity(samples);
    assert.equal(summary.samples, 4);
    assert.equal(summary.busyShare, 0.5);
    assert.equal(summary.meanActive, 0.75);
    assert.deepEqual(summary.queries.map((row) => [row.name, row.count]), [['select ?', 3]]);
    assert.deepEqual(summary.waits.map((row) => [row.name, row.count]), [['on CPU (no wait event)', 2], ['IO: WALSync', 1]]);
  });
});
