import { clientConfigElement } from './web-app-shell.js';

describe('clientConfigElement', () => {
  it('is a JSON data block no value can close or turn into a script', () => {
    const element = clientConfigElement({ uploads: { maxPdfBytes: 1, maxImageBytes: 2, maxImages: 3 }, orcid: { enabled: true, testMode: true } });
    expect(element).toBe(
      '<script id="journal-config" type="application/json">{"uploads":{"maxPdfBytes":1,"maxImageBytes":2,"maxImages":3},"orcid":{"enabled":true,"testMode":true}}</script>',
    );
    const hostile = clientConfigElement({ uploads: { '</script><script>alert(1)</script>': 1 } } as never);
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>(.*)<\/script>$/.exec(hostile)![1])).toEqual({ uploads: { '</script><script>alert(1)</script>': 1 } });
  });
});
