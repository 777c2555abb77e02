// What searching costs the writes that change a paper's words (issue 28: writes stay cheap), in the
// database the papers bench measures (bench/lib/papers-database.mjs, built when missing):
//   node bench/paper-writes-bench.mjs [--papers 100000] [--corpus template|realistic] [--writes 200]
// Three kinds of write, each `--writes` times, one transaction each, in turn so that a change of
// the machine's load weighs on all three alike:
//   - publishing: a submitted paper (inserted beforehand, untimed) becomes published, as an
//     editor's decision does (status and published_at); the triggers add its words to the
//     vocabulary and the search indexes take its row;
//   - editing: a published paper's title and abstract are replaced by a new paper's;
//   - inserting: a new published paper, as the bulk load adds them, one at a time.
// p50, p95 and max per kind: GIN indexes gather new entries in a pending list and merge it now
// and then, inside whichever write fills it, which shows in the max. The papers the bench wrote
// are deleted at the end (untimed); the vocabulary keeps their words, as it keeps every word.
// Run `npm run build` first (the corpus generators come from backend/dist).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CORPORA, ensurePapersDatabase } from './lib/papers-database.mjs';

const { values } = parseArgs({
  options: {
    papers: { type: 'string', default: '100000' },
    corpus: { type: 'string', default: 'template' },
    writes: { type: 'string', default: '200' },
  },
});
const paperCount = Number(values.papers);
const writes = Number(values.writes);
if (!CORPORA.includes(values.corpus) || !Number.isInteger(writes) || writes < 1) {
  console.error(`usage: --corpus ${CORPORA.join('|')} --writes <whole number>`);
  process.exit(2);
}

const { databaseUrl, total, loadSeconds } = await ensurePapersDatabase(paperCount, values.corpus);
const { generateBulkPaper } = await import('../backend/dist/cli/seeders/bulk-papers.seeder.js');
const { RealisticCorpus, rankedVocabulary } = await import('../backend/dist/cli/seeders/realistic-corpus.js');
const { seededRandom } = await import('../backend/dist/cli/seeders/generated-paper.js');
const next = seededRandom(Date.now() % 1_000_000);
const realistic = values.corpus === 'realistic' ? new RealisticCorpus(rankedVocabulary(), next) : null;
const newPaper = () => (realistic ? realistic.paper(Date.now()) : generateBulkPaper(next, Date.now()));

const client = new pg.Client({ connectionString: databaseUrl.toString() });
await client.connect();
const { rows: [owner] } = await client.query('select user_id from research_papers limit 1');
const written = [];

const INSERT = `insert into research_papers (id, user_id, title, abstract, category, keywords, authors, status, published_at, created_at, updated_at)
                values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())`;
const insert = (paper, status) => {
  written.push(paper.id);
  return client.query(INSERT, [paper.id, owner.user_id, paper.title, paper.abstract, paper.category, paper.keywords, JSON.stringify(paper.authors), status, status === 'published' ? new Date() : null]);
};

async function timed(write) {
  const started = performance.now();
  await client.query('begin');
  await write();
  await client.query('commit');
  return performance.now() - started;
}

// The papers to publish and to edit exist before the clock starts.
const toPublish = [];
for (let i = 0; i < writes; i += 1) {
  const paper = newPaper();
  await insert(paper, 'submitted');
  toPublish.push(paper.id);
}
const { rows: toEdit } = await client.query("select id from research_papers where status = 'published' order by random() limit $1", [writes]);
const originals = new Map();
for (const { id } of toEdit) {
  const { rows: [row] } = await client.query('select title, abstract from research_papers where id = $1', [id]);
  originals.set(id, row);
}

const startLoad = loadavg();
const times = { publishing: [], editing: [], inserting: [] };
for (let i = 0; i < writes; i += 1) {
  times.publishing.push(await timed(() => client.query("update research_papers set status = 'published', published_at = now(), updated_at = now() where id = $1", [toPublish[i]])));
  const replacement = newPaper();
  times.editing.push(await timed(() => client.query('update research_papers set title = $2, abstract = $3, updated_at = now() where id = $1', [toEdit[i % toEdit.length].id, replacement.title, replacement.abstract])));
  times.inserting.push(await timed(() => insert(newPaper(), 'published')));
}

// Untimed: the edited papers get their words back, the written ones go.
for (const [id, row] of originals) await client.query('update research_papers set title = $2, abstract = $3 where id = $1', [id, row.title, row.abstract]);
await client.query('delete from research_papers where id = any($1::uuid[])', [written]);
await client.end();

const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
console.log(`\n${total} published papers (${values.corpus} corpus)${loadSeconds === null ? '' : `, loaded in ${loadSeconds.toFixed(1)} s`}; ${writes} writes of each kind.`);
console.log(`Load average when the writes started: ${startLoad.map((value) => value.toFixed(2)).join(', ')} (1, 5, 15 min).\n`);
console.log('| write | p50 | p95 | max |');
console.log('|---|---:|---:|---:|');
for (const [kind, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`| ${kind} | ${at(sorted, 50).toFixed(2)} ms | ${at(sorted, 95).toFixed(2)} ms | ${sorted.at(-1).toFixed(2)} ms |`);
}
