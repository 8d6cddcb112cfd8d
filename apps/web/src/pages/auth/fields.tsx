import { PasswordInput, TextInput } from "@mantine/core";

/** The email field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({
  value,
  onChange,
  readOnly,
}: {
  value: string;
  onChange(value: string): void;
  /** Set while the page is the server's HTML: what is typed then would be lost when React takes over. */
  readOnly?: boolean;
}) {
  return (
    <TextInput
      label="Email"
      type="email"
      required
      autoComplete="email"
      readOnly={readOnly}
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
  readOnly?: boolean;
}) {
  return (
    <PasswordInput
      label={props.label}
      required
      minLength={8}
      autoComplete={props.autoComplete}
      readOnly={props.readOnly}
      description={props.description}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
