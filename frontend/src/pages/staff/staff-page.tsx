import { editorialBoard } from '@/shared/content/editorial-board';
import { journal } from '@/shared/content/journal';
import { PageContainer } from '@/shared/ui';

export function StaffPage() {
  return (
    <PageContainer>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Editorial Board</h1>
        <p className="mt-2 text-slate-600">The scientists and educators behind {journal.name}.</p>
      </header>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Editorial board members">
        {editorialBoard.map((member) => (
          <li key={member.id}>
            <article
              aria-labelledby={`${member.id}-name`}
              className="flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <img src={member.photo} alt={`Portrait of ${member.name}`} width={96} height={96} className="h-24 w-24 rounded-full" />
              <h2 id={`${member.id}-name`} className="mt-4 text-lg font-semibold text-slate-900">
                {member.name}
              </h2>
              <p className="text-sm font-medium text-indigo-700">{member.role}</p>
              <p className="mt-1 text-sm text-slate-600">{member.affiliation}</p>
              <p className="mt-3 text-sm text-slate-700">{member.bio}</p>
            </article>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
