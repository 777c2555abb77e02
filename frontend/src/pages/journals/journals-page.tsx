import { journal, journalIssues } from '@/shared/content/journal';
import { JournalIssueCard, PageContainer } from '@/shared/ui';

export function JournalsPage() {
  return (
    <PageContainer>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Journal Issues</h1>
        <p className="mt-2 text-slate-600">Every issue of {journal.name}, free to read and download.</p>
      </header>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Journal issues">
        {journalIssues.map((issue) => (
          <li key={issue.id}>
            <JournalIssueCard issue={issue} />
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
