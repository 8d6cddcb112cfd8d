import { Alert, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";

/** What a draft written without a model is, and what a model would add (issue 32). */
export const RULES_DRAFT_NOTE =
  "Written by rules, without an AI model: stories only where the participants' words allow, each with the quote it rests on. A model would merge related needs, write their reasons and checkable acceptance criteria.";

/**
 * Said above the tree when the server writes without a model, so the owner reads the draft for
 * what it is: fewer stories than were said, and criteria marked "To be written".
 */
export function RulesDraftNote() {
  const trpc = useTRPC();
  const status = useQuery(trpc.ai.status.queryOptions());
  if (status.data?.provider !== "offline") return null;
  return (
    <Alert color="gray" variant="light" radius="lg" icon={<IconInfoCircle size={18} />} data-rules-draft>
      <Text size="sm">{RULES_DRAFT_NOTE}</Text>
    </Alert>
  );
}
