/** ORCID's green iD mark, drawn small beside the words that name it. */
export function OrcidIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#A6CE39" />
      <path fill="#fff" d="M7.2 7.1h1.6v10.2H7.2zM8 4.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm2.7 2.5h4.1c3.4 0 5 2.4 5 5.1 0 2.9-2.2 5.1-5 5.1h-4.1zm1.6 1.4v7.4h2.4c2.6 0 3.4-1.9 3.4-3.7 0-2-1.2-3.7-3.4-3.7z" />
    </svg>
  );
}
