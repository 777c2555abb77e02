import { TextField } from '@/shared/ui';

/** The e-mail field every account form starts with (sign in, sign up, forgot password). */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
