import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tagOwners, tagTypes, type TagType } from '@/shared/api';

// Each cache tag type belongs to one feature (shared/api/tags.ts): only that feature's endpoints
// provide it, and other features invalidate it through the helpers of tags.ts, never by its name.
// The feature API files are loaded against a stand-in slice that records their endpoint
// definitions, so what each endpoint provides is read from the definitions themselves.

type Definition = { providesTags?: unknown };

const recorded = vi.hoisted(() => ({ feature: '', definitions: new Map<string, Record<string, Definition>[]>() }));

vi.mock('@/shared/api', async (importOriginal) => {
  const actual = await importOriginal<{ baseApi: object }>();
  const build = { query: (d: Definition) => d, mutation: (d: Definition) => d, infiniteQuery: (d: Definition) => d };
  const baseApi = {
    ...actual.baseApi,
    injectEndpoints: ({ endpoints }: { endpoints: (b: typeof build) => Record<string, Definition> }) => {
      const list = recorded.definitions.get(recorded.feature) ?? [];
      list.push(endpoints(build));
      recorded.definitions.set(recorded.feature, list);
      return { util: {} };
    },
  };
  return { ...actual, baseApi };
});

const apiFiles = import.meta.glob('../features/*/api/*-api.ts');
const featureOf = (path: string) => /features\/([^/]+)\/api\//.exec(path)![1];

function typesOf(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  return tags.map((tag: string | { type: string }) => (typeof tag === 'string' ? tag : tag.type));
}

/** The tag types an endpoint provides, whatever its result and argument. */
function providedTypes(definition: Definition): string[] {
  const { providesTags } = definition;
  if (typeof providesTags !== 'function') return typesOf(providesTags);
  return typesOf((providesTags as (...args: unknown[]) => unknown)(undefined, undefined, 'probe'));
}

const providers = new Map<string, Set<string>>();

beforeAll(async () => {
  // The test setup loaded some feature APIs already, against the real slice: load them afresh.
  vi.resetModules();
  for (const [path, load] of Object.entries(apiFiles)) {
    recorded.feature = featureOf(path);
    await load();
  }
  for (const [feature, endpointSets] of recorded.definitions) {
    for (const definition of endpointSets.flatMap((endpoints) => Object.values(endpoints))) {
      for (const type of providedTypes(definition)) providers.set(type, (providers.get(type) ?? new Set()).add(feature));
    }
  }
});

describe('API cache tags', () => {
  it('reads the endpoints of every feature API file', () => {
    expect(Object.keys(apiFiles).length).toBeGreaterThanOrEqual(11);
    expect([...recorded.definitions.keys()].sort()).toEqual([...new Set(Object.keys(apiFiles).map(featureOf))].sort());
  });

  it('has each tag type provided by exactly one feature, its owner', () => {
    expect([...providers.keys()].sort()).toEqual([...tagTypes].sort());
    for (const type of tagTypes) expect({ type, providers: [...providers.get(type)!] }).toEqual({ type, providers: [tagOwners[type]] });
  });

  it('names no other feature’s tag type in a feature’s API file (it invalidates through the helpers of shared/api/tags.ts)', () => {
    for (const path of Object.keys(apiFiles)) {
      const source = readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
      const foreign = (Object.keys(tagOwners) as TagType[]).filter(
        (type) => tagOwners[type] !== featureOf(path) && new RegExp(`['"\`]${type}['"\`]`).test(source),
      );
      expect({ path, foreign }).toEqual({ path, foreign: [] });
    }
  });
});
