import { PasswordInput, TextInput } from "@mantine/core";

/** The email field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <TextInput
      label="Email"
      type="email"
      required
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** A password field (8 characters at least) of the auth forms. */
export function PasswordField(props: {
  label: string;
  autoComplete: "current-password" | "new-password";
  description?: string | undefined;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <PasswordInput
      label={props.label}
      required
      minLength={8}
      autoComplete={props.autoComplete}
      description={props.description}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
