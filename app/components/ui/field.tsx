import { useId } from "react";

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-[#8a8f8c] bg-white px-3.5 py-2.5 text-base text-ink shadow-sm focus:border-brand aria-[invalid=true]:border-clay-dark aria-[invalid=true]:bg-clay-soft/40";

type TextFieldProps = Omit<React.ComponentProps<"input">, "id" | "className"> & {
  label: string;
  error?: string | undefined;
};

/** A labelled input whose error message is announced with it. */
export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-clay-dark">
          {error}
        </p>
      ) : null}
    </div>
  );
}
