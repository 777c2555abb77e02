import { fetchEngine } from '@citation-js/plugin-csl/lib/engines.js';
import { warmCitationStyles } from './paper-citation.js';

// Its own file: Jest gives each file its own citation-js, with no engine built yet.
describe('warmCitationStyles', () => {
  // The kept engine of a style; with no style text to build one from, it throws when none is kept.
  const keptEngine = (style: string) => () => fetchEngine(style, 'en-US', '', () => ({}), () => ({}));

  it('leaves the engine of APA and of MLA built, so the first citation after a start does not build it', () => {
    expect(keptEngine('apa')).toThrow();
    expect(keptEngine('modern-language-association')).toThrow();
    warmCitationStyles();
    expect(keptEngine('apa')).not.toThrow();
    expect(keptEngine('modern-language-association')).not.toThrow();
  });
});
