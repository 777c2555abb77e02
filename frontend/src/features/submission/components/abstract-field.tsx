import { TextAreaField } from '@/shared/ui';
import { countWords } from '../model/submission-rules';

/** The abstract, with a live word count against the spec's 250-500 words (guidance only). */
export function AbstractField({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const words = countWords(value);
  return (
    <TextAreaField
      label="Abstract"
      rows={6}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder="Summarize your research in 250-500 words..."
      hint={<span aria-live="polite">{words === 1 ? '1 word' : `${words} words`} (250-500 words recommended)</span>}
      error={error}
      required
    />
  );
}
