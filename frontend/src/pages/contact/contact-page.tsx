import { Clock, Mail, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { contactHelpTopics, guidelineFigures } from '@/shared/content/guidelines';
import { journal } from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { PageContainer, buttonClasses } from '@/shared/ui';

export function ContactPage() {
  return (
    <PageContainer className="max-w-4xl">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Contact the Editorial Team</h1>
        <p className="mt-2 text-slate-600">We are happy to help authors, mentors and readers.</p>
      </header>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="reach-us" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="reach-us" className="text-xl font-semibold text-slate-900">
            Reach us
          </h2>
          <ul className="mt-4 grid gap-4 text-slate-700">
            <li className="flex gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
              <span>
                Editorial e-mail:{' '}
                <a href={`mailto:${journal.contactEmail}`} className="font-medium text-indigo-700 underline">
                  {journal.contactEmail}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Clock className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
              <span>We respond within {guidelineFigures.supportResponse}.</span>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
              <address className="not-italic">{journal.postalAddress}</address>
            </li>
          </ul>
        </section>
        <section aria-labelledby="help-topics" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="help-topics" className="text-xl font-semibold text-slate-900">
            How we can help
          </h2>
          <ul className="mt-4 list-disc space-y-1.5 pl-5 text-slate-700">
            {contactHelpTopics.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
        </section>
      </div>
      <section aria-labelledby="ready" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="ready" className="text-xl font-semibold text-slate-900">
          Ready to share your research?
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'md')}>
            Submit a paper
          </Link>
          <Link to={paths.guidelines.getHref()} className={buttonClasses('outline', 'md')}>
            Read the submission guidelines
          </Link>
        </div>
      </section>
    </PageContainer>
  );
}
