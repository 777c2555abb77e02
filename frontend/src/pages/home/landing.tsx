import { ArrowRight, BookOpen, FileText, GraduationCap, ShieldCheck, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';
import {
  type FeaturedPaper,
  featuredPapers,
  journal,
  journalFigures,
  journalIssues,
  landingContent,
} from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { JournalIssueCard, PageContainer, buttonClasses } from '@/shared/ui';

const blurbIcons = [ShieldCheck, GraduationCap, Upload];

/** The landing page for visitors (spec section 1). */
export function Landing({ signedIn }: { signedIn: boolean }) {
  const latest = journalIssues.find((issue) => issue.isLatest) ?? journalIssues[0];
  const previous = journalIssues.filter((issue) => issue !== latest);
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <PageContainer className="py-20 text-center">
          <BookOpen className="mx-auto h-12 w-12 text-indigo-600" aria-hidden="true" />
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {journal.name}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{journal.tagline}</p>
          <p className="mx-auto mt-2 max-w-2xl text-slate-600">{journal.description}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {signedIn ? (
              <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'lg')}>
                Submit Your Paper
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            ) : (
              <Link to={paths.auth.getHref()} className={buttonClasses('primary', 'lg')}>
                Join & Submit
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            )}
            <Link to={paths.papers.getHref()} className={buttonClasses('outline', 'lg')}>
              Browse Papers
            </Link>
          </div>
        </PageContainer>
      </section>

      <section aria-labelledby="why-title">
        <PageContainer>
          <h2 id="why-title" className="sr-only">
            Why publish with us
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {landingContent.blurbs.map((blurb, index) => {
              const Icon = blurbIcons[index] ?? ShieldCheck;
              return (
                <li key={blurb.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <Icon className="h-8 w-8 text-indigo-600" aria-hidden="true" />
                  <h3 className="mt-3 text-lg font-semibold text-slate-900">{blurb.title}</h3>
                  <p className="mt-2 text-sm text-slate-700">{blurb.text}</p>
                </li>
              );
            })}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="featured-title" className="bg-white">
        <PageContainer>
          <h2 id="featured-title" className="text-2xl font-bold text-slate-900">
            Featured Research
          </h2>
          <p className="mt-1 text-slate-600">{landingContent.featuredIntro}</p>
          <ul className="mt-6 grid gap-6 lg:grid-cols-3">
            {featuredPapers.map((paper) => (
              <li key={paper.id}>
                <FeaturedPaperCard paper={paper} />
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="issues-title">
        <PageContainer>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="issues-title" className="text-2xl font-bold text-slate-900">
                Journal Issues
              </h2>
              <p className="mt-1 text-slate-600">{landingContent.issuesIntro}</p>
            </div>
            <Link to={paths.journals.getHref()} className="text-sm font-medium text-indigo-700 underline">
              All journal issues
            </Link>
          </div>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {[latest, ...previous].map((issue) => (
              <li key={issue.id}>
                <JournalIssueCard issue={issue} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </PageContainer>
      </section>

      <section aria-labelledby="figures-title" className="bg-indigo-700 text-white">
        <PageContainer>
          <h2 id="figures-title" className="sr-only">
            The journal in figures
          </h2>
          <dl className="grid gap-6 text-center sm:grid-cols-3">
            {journalFigures.map((figure) => (
              <div key={figure.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-indigo-100">{figure.label}</dt>
                <dd className="text-4xl font-bold">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </PageContainer>
      </section>

      <section aria-labelledby="cta-title">
        <PageContainer className="text-center">
          <h2 id="cta-title" className="text-2xl font-bold text-slate-900">
            {landingContent.callToAction.heading}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">{landingContent.callToAction.text}</p>
          <Link
            to={signedIn ? paths.submit.getHref() : paths.auth.getHref()}
            className={buttonClasses('primary', 'lg', 'mt-6')}
          >
            {signedIn ? 'Submit a paper' : 'Join the journal'}
          </Link>
        </PageContainer>
      </section>
    </>
  );
}

function FeaturedPaperCard({ paper }: { paper: FeaturedPaper }) {
  const headingId = `${paper.id}-title`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-xl border border-slate-200 bg-slate-50 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 font-medium text-indigo-800">{paper.category}</span>
        <time dateTime={paper.publishDate} className="text-slate-600">
          {formatDate(paper.publishDate)}
        </time>
      </div>
      <h3 id={headingId} className="mt-3 text-lg font-semibold text-slate-900">
        {paper.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{paper.authors.join(', ')}</p>
      <p className="text-sm text-slate-600">{paper.school}</p>
      <p className="mt-3 line-clamp-3 text-sm text-slate-700">{paper.abstract}</p>
      <div className="mt-auto pt-4">
        <a
          href={paper.pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'sm')}
          aria-label={`Read PDF: ${paper.title} (opens in a new tab)`}
        >
          <FileText className="h-4 w-4" aria-hidden="true" />
          Read PDF
        </a>
      </div>
    </article>
  );
}
