// The field for the 6-digit code from the sign-in mail (login and registration).
import { Field } from '../../../shared/ui/index.tsx';
import { authMessages as m } from '../messages.ts';

const CODE_LENGTH = 6;

export function CodeField({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  return (
    <Field
      label={m.code}
      name="code"
      hint={m.codeHint}
      inputMode="numeric"
      autoComplete="one-time-code"
      limit={CODE_LENGTH}
      counter="near"
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, CODE_LENGTH))}
    />
  );
}
