import { Link } from 'react-router-dom';
import { journal } from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { readJournalIssn } from '@/shared/config/server-config';

// Footer link names deliberately differ from the navigation bar's, so a link found by its
// name ('Guidelines', 'Staff', ...) is always the one in the bar.
const quickLinks = [
  { label: 'Read research', to: paths.papers.getHref() },
  { label: 'How to submit', to: paths.guidelines.getHref() },
  { label: 'Editorial board', to: paths.staff.getHref() },
  { label: 'Journal issues', to: paths.journals.getHref() },
  { label: 'Contact', to: paths.contact.getHref() },
];

export function Footer() {
  // The server's JOURNAL_ISSN; the page a build serves does not change, so it is read once per render without state.
  const issn = readJournalIssn();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="text-lg font-semibold text-white">{journal.name}</p>
          <p className="mt-2 text-sm">{journal.tagline}</p>
          {/* The spec's footer states the ISSN; until the ISSN centre assigns one (JOURNAL_ISSN), the footer says nothing of it rather than show a made-up number or a placeholder. */}
          {issn && <p className="mt-2 text-sm">ISSN {issn}</p>}
        </div>
        <nav aria-label="Quick links">
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Quick links</p>
          <ul className="mt-3 grid gap-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Editorial office</p>
          <p className="mt-3 text-sm">
            <a href={`mailto:${journal.contactEmail}`} className="hover:text-white hover:underline">
              {journal.contactEmail}
            </a>
          </p>
          <address className="mt-2 text-sm not-italic">{journal.postalAddress}</address>
          <p className="mt-2 text-sm">{journal.responseTime}</p>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {journal.name}. Open access.
      </p>
    </footer>
  );
}
