import { useId } from 'react';

export interface Choice {
  value: string;
  label: string;
}

/** A select with its visible label; the empty value stands for "any" where a filter allows it. */
export function SelectField({
  label,
  value,
  choices,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint !== undefined && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}
