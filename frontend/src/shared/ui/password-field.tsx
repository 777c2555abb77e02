import { TextField, type TextFieldProps } from './form-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete' | 'value' | 'onChange' | 'label'> {
  /** `current` to sign in; `new` where a password is chosen, so browsers offer to generate and save one. */
  purpose: 'current' | 'new';
  label?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A required password input with the autocomplete its purpose calls for. */
export function PasswordField({ purpose, label = 'Password', name = 'password', value, onChange, ...props }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...props}
    />
  );
}
