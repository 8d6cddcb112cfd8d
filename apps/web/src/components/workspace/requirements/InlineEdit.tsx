import { Text, Textarea, TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";

/**
 * Text edited where it stands: click (or Enter on) the text, type, then Enter or leaving the field
 * saves and Escape puts the old text back. An emptied required field is not saved. In a multi-line
 * field Shift+Enter starts a new line.
 */
export function InlineEdit({
  value,
  onSave,
  label,
  multiline = false,
  required = true,
  placeholder,
  children,
  size = "sm",
}: {
  value: string;
  onSave: (value: string) => void;
  /** The field's name for screen readers while editing ("Epic name"). */
  label: string;
  multiline?: boolean;
  required?: boolean;
  /** Shown (dimmed) when the value is empty. */
  placeholder?: string;
  /** How the text reads when not editing; the value itself unless told. */
  children?: ReactNode;
  size?: "xs" | "sm" | "md";
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const start = () => {
    setDraft(value);
    setEditing(true);
  };
  const commit = () => {
    setEditing(false);
    const next = draft.trim();
    if (next === value.trim() || (required && !next)) return;
    onSave(next);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" && !(multiline && event.shiftKey)) {
      event.preventDefault();
      commit();
    }
    if (event.key === "Escape") {
      event.stopPropagation();
      setEditing(false);
    }
  };

  if (editing) {
    const common = {
      size,
      autoFocus: true,
      value: draft,
      "aria-label": label,
      onChange: (e: { currentTarget: { value: string } }) => setDraft(e.currentTarget.value),
      onBlur: commit,
      onKeyDown,
    };
    return multiline ? <Textarea {...common} autosize minRows={1} /> : <TextInput {...common} />;
  }
  // A span, not a <button>: a button is laid out as inline-block, so a story's parts would break out
  // of their sentence onto lines of their own on a phone.
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> is inline-block and would break the sentence apart (see above).
    <span
      role="button"
      tabIndex={0}
      onClick={start}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          start();
        }
      }}
      title="Click to edit"
      className="inline-edit"
    >
      {children ??
        (value ? (
          value
        ) : (
          <Text span size={size} c="dimmed" fs="italic">
            {placeholder ?? `Add ${label.toLowerCase()}`}
          </Text>
        ))}
    </span>
  );
}

/** An epic's or feature's optional description, dimmed, edited in place over several lines. */
export function DescriptionEdit({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string | null;
  onSave: (description: string) => void;
}) {
  return (
    <Text size="sm" c="dimmed" component="div">
      <InlineEdit
        label={label}
        multiline
        required={false}
        placeholder="Add a description"
        value={value ?? ""}
        onSave={onSave}
      />
    </Text>
  );
}
