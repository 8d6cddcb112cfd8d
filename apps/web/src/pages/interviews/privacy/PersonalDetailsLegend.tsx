import { Alert, Code, Group, Mark, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { detailKindLabel, type PersonalDetail } from "../../../features/privacy/details";

/** The kinds of details found, each once, in the order they first come ("name, email"). */
export function kindsOf(details: readonly PersonalDetail[]): string {
  return [...new Set(details.map((d) => detailKindLabel(d.kind)))].join(", ");
}

/** How many details the legend spells out; the marks show the rest. */
const LISTED = 8;

/**
 * Above the conversation when personal details are marked: what a mark means, what the AI service
 * got instead and what documents show, by the project's setting.
 */
export function PersonalDetailsLegend({
  details,
  showPersonalDetails,
}: {
  details: readonly PersonalDetail[];
  showPersonalDetails: boolean;
}) {
  const example = details.find((d) => d.placeholder)?.placeholder ?? "[PERSON 1]";
  const count = details.length;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconShieldLock size={18} aria-hidden />}
      title={`${count} personal ${count === 1 ? "detail" : "details"} marked`}
      mb="md"
      data-testid="personal-details-legend"
    >
      <Text size="sm">
        <Mark color="yellow" px={2}>
          Marked
        </Mark>{" "}
        words are personal details the participant mentioned ({kindsOf(details)}). The AI service gets
        placeholders such as {example} instead, and documents show{" "}
        {showPersonalDetails
          ? "the details themselves, as this project's privacy settings choose."
          : "the placeholders, as this project's privacy settings choose."}
      </Text>
      {/* What each detail becomes, for touch screens and screen readers (a mark's title needs a pointer). */}
      <Group gap="xs" mt="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {details.slice(0, LISTED).map((detail) => (
          <Text component="li" size="xs" key={detail.text} style={{ overflowWrap: "anywhere" }}>
            {detail.text} →{" "}
            <Code>{detail.placeholder ?? `a ${detailKindLabel(detail.kind)} placeholder`}</Code>
          </Text>
        ))}
        {details.length > LISTED && (
          <Text component="li" size="xs" c="dimmed">
            and {details.length - LISTED} more, marked below
          </Text>
        )}
      </Group>
    </Alert>
  );
}
