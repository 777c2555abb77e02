import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { readJournalIssn, SERVER_CONFIG_ELEMENT_ID } from '@/shared/config/server-config';
import { Footer } from './footer';

/** The server's config block, as web-app-shell.ts writes it into the page. */
function serveConfig(block: unknown) {
  const element = document.createElement('script');
  element.id = SERVER_CONFIG_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify(block);
  document.head.append(element);
}

const renderFooter = () =>
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );

describe('footer ISSN', () => {
  afterEach(() => document.getElementById(SERVER_CONFIG_ELEMENT_ID)?.remove());

  it('shows the ISSN the server configured', () => {
    serveConfig({ journal: { issn: '2049-3630' } });
    renderFooter();
    expect(within(screen.getByRole('contentinfo')).getByText('ISSN 2049-3630')).toBeInTheDocument();
  });

  it('says nothing of an ISSN when none is configured, rather than show a made-up one or a placeholder', () => {
    serveConfig({ journal: { issn: null } });
    renderFooter();
    expect(within(screen.getByRole('contentinfo')).queryByText(/ISSN/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).queryByText(/pending/i)).not.toBeInTheDocument();
  });

  it('says nothing of an ISSN without a config block, and reads no ISSN from a value that is none', () => {
    renderFooter();
    expect(within(screen.getByRole('contentinfo')).queryByText(/ISSN/)).not.toBeInTheDocument();
    for (const issn of [42, '3065-0000 (online)', '<b>1</b>']) {
      const doc = document.implementation.createHTMLDocument('journal');
      doc.head.innerHTML = `<script id="${SERVER_CONFIG_ELEMENT_ID}" type="application/json">${JSON.stringify({ journal: { issn } })}</script>`;
      expect(readJournalIssn(doc)).toBeNull();
    }
  });
});
