import { Link } from 'react-router-dom';
import { guidelineFigures, guidelineSections } from '@/shared/content/guidelines';
import { journal } from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { PageContainer, buttonClasses } from '@/shared/ui';

const keyFacts = [
  { label: 'Abstract', value: guidelineFigures.abstractWords },
  { label: 'Length', value: guidelineFigures.pageRange },
  { label: 'Review', value: `typically ${guidelineFigures.reviewTime}` },
  { label: 'Deadlines', value: guidelineFigures.submissions },
];

export function GuidelinesPage() {
  return (
    <PageContainer className="max-w-4xl">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Submission Guidelines</h1>
        <p className="mt-2 text-slate-600">How to publish your research in {journal.name}.</p>
      </header>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {keyFacts.map((fact) => (
          <div key={fact.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{fact.label}</dt>
            <dd className="mt-1 font-semibold text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-10 grid gap-6">
        {guidelineSections.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
              {section.heading}
            </h2>
            {section.intro && <p className="mt-2 text-slate-700">{section.intro}</p>}
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-slate-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'md')}>
          Start your submission
        </Link>
        <Link to={paths.contact.getHref()} className={buttonClasses('outline', 'md')}>
          Questions? Contact the editors
        </Link>
      </div>
    </PageContainer>
  );
}
