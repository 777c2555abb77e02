import { Plus, Trash2 } from 'lucide-react';
import { type PaperAuthor } from '@/shared/api';
import { Button, TextField } from '@/shared/ui';
import { type SubmissionErrors } from '../model/submission-rules';

interface AuthorsFieldsetProps {
  authors: PaperAuthor[];
  errors: SubmissionErrors['authors'];
  onChange: (index: number, key: keyof PaperAuthor, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** One row per author (name, e-mail, school); rows can be added, and removed while more than one remains. */
export function AuthorsFieldset({ authors, errors, onChange, onAdd, onRemove }: AuthorsFieldsetProps) {
  return (
    <div className="grid gap-4">
      {authors.map((author, index) => {
        const authorErrors = errors?.[index] ?? {};
        const n = index + 1;
        return (
          <fieldset key={index} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">Author {n}</legend>
            <TextField label="Name" value={author.name} onChange={(e) => onChange(index, 'name', e.target.value)} error={authorErrors.name} autoComplete="off" required />
            <TextField label="Email" type="email" value={author.email} onChange={(e) => onChange(index, 'email', e.target.value)} error={authorErrors.email} autoComplete="off" required />
            <TextField label="School" value={author.school} onChange={(e) => onChange(index, 'school', e.target.value)} error={authorErrors.school} autoComplete="off" required />
            {authors.length > 1 && (
              <div className="sm:col-span-3">
                <Button variant="ghost" size="sm" onClick={() => onRemove(index)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove author {n}
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
      <div>
        <Button variant="outline" size="sm" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Author
        </Button>
      </div>
    </div>
  );
}
