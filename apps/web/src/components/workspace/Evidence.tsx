import { Alert, Anchor, Badge, Card, Code, Group, List, Stack, Text, Title } from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTRPC } from "../../lib/trpc";
import type { Interview } from "./labels";

type Quote = {
  interviewId: number;
  turn: number;
  quote: string;
  translation?: string | undefined;
  /** The quoted turn was corrected after it was said: the quote is the corrected words. */
  corrected?: "participant" | "owner" | undefined;
};
type Synthesis = RouterOutputs["evidence"]["synthesis"];
export type EvidenceNotice = Synthesis["notices"][number];

/** Where a quote was said: the owner's interview page, scrolled to that turn. */
export const evidenceHref = (e: { interviewId: number; turn: number }) =>
  `/interviews/${e.interviewId}?turn=${e.turn}`;

export function interviewNamer(interviews: Interview[] | undefined) {
  const names = new Map((interviews ?? []).map((i) => [i.id, i.name]));
  return (id: number) => names.get(id) ?? `Interview ${id}`;
}

const STANCE: Record<string, { label: string; color: string }> = {
  wants: { label: "Wants", color: "teal" },
  does_not_want: { label: "Does not want", color: "orange" },
  must_never: { label: "Must never", color: "red" },
};

/** Quotes with the interview they come from; each opens that interview at the turn. */
export function EvidenceQuotes({
  evidence,
  nameOf,
  max = 3,
}: {
  evidence: Quote[];
  nameOf: (id: number) => string;
  max?: number;
}) {
  if (!evidence.length) return null;
  const shown = evidence.slice(0, max);
  return (
    <Stack gap={4} mt={4} data-evidence>
      {shown.map((e) => (
        <Text key={`${e.interviewId}-${e.turn}-${e.quote}`} size="xs" c="dimmed">
          <Anchor
            component={Link}
            to={evidenceHref(e)}
            size="xs"
            fs="italic"
            aria-label={`“${e.quote}” from ${nameOf(e.interviewId)}, turn ${e.turn}`}
          >
            “{e.quote}”
          </Anchor>{" "}
          — {nameOf(e.interviewId)}
          {e.corrected && (
            // The requirement rests on words changed after the interview: say whose change it was.
            <Badge size="xs" variant="light" color="grape" ml={6} data-corrected={e.corrected}>
              {e.corrected === "owner" ? "Corrected by you" : "Corrected by the participant"}
            </Badge>
          )}
          {e.translation && (
            // The participant spoke another language: their words stay as said, the translation beside them.
            <Text component="span" display="block" size="xs" c="dimmed" data-translation>
              Translated: “{e.translation}”
            </Text>
          )}
        </Text>
      ))}
      {evidence.length > max && (
        <Text size="xs" c="dimmed">
          and {evidence.length - max} more
        </Text>
      )}
    </Stack>
  );
}

function ThemesPanel({ themes, nameOf }: { themes: Synthesis["themes"]; nameOf: (id: number) => string }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="themes-title">
      <Title order={4} id="themes-title" mb="sm">
        Themes
      </Title>
      <Stack gap="md">
        {themes.map((theme) => (
          <div key={theme.title} data-theme-title={theme.title}>
            <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {theme.title}
              </Text>
              <Badge variant="light" color="indigo" style={{ flexShrink: 0 }}>
                {theme.count} {theme.count === 1 ? "interview" : "interviews"}
              </Badge>
            </Group>
            <EvidenceQuotes evidence={theme.evidence} nameOf={nameOf} />
          </div>
        ))}
      </Stack>
    </Card>
  );
}

function ConflictsPanel({
  conflicts,
  nameOf,
}: {
  conflicts: Synthesis["conflicts"];
  nameOf: (id: number) => string;
}) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="conflicts-title">
      <Title order={4} id="conflicts-title" mb={4}>
        Conflicts
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Where interviews disagree on the same topic.
      </Text>
      {!conflicts.length ? (
        <Text size="sm" c="dimmed">
          No conflicts between interviews.
        </Text>
      ) : (
        <Stack gap="md">
          {conflicts.map((conflict) => (
            <div key={conflict.topic} data-conflict-topic={conflict.topic}>
              <Text fw={600} size="sm" mb={4}>
                {conflict.topic}
              </Text>
              <Stack gap={6}>
                {conflict.positions.map((p) => {
                  const stance = STANCE[p.stance] ?? { label: p.stance, color: "gray" };
                  return (
                    <Group key={`${p.interviewId}-${p.turn}`} gap="xs" wrap="nowrap" align="flex-start">
                      <Badge size="sm" variant="light" color={stance.color} style={{ flexShrink: 0 }}>
                        {stance.label}
                      </Badge>
                      <Text size="sm" style={{ minWidth: 0 }}>
                        <b>{nameOf(p.interviewId)}</b>:{" "}
                        <Anchor component={Link} to={evidenceHref(p)} fs="italic" size="sm">
                          “{p.quote}”
                        </Anchor>
                      </Text>
                    </Group>
                  );
                })}
              </Stack>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * What offline writing could not read, said plainly on the summary and requirements cards: which
 * interviews were in another language, and what to configure so that a model reads them.
 */
export function LanguageNotices({
  notices,
  nameOf,
  what,
}: {
  notices: EvidenceNotice[] | undefined;
  nameOf: (id: number) => string;
  /** "summary" or "requirements": what was written without them. */
  what: string;
}) {
  const skipped = (notices ?? []).filter((n) => n.kind === "language" && n.interviewIds.length);
  if (!skipped.length) return null;
  const count = skipped.reduce((n, notice) => n + notice.interviewIds.length, 0);
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      title={`${count === 1 ? "One interview was" : `${count} interviews were`} left out of the ${what}`}
      data-language-notice
    >
      <Stack gap="xs">
        <Text size="sm">
          Without an AI model, Parley writes from interviews in English only. These were held in another
          language:
        </Text>
        <List size="sm">
          {skipped.flatMap((notice) =>
            notice.interviewIds.map((id) => (
              <List.Item key={id}>
                {nameOf(id)} ({notice.languageName})
              </List.Item>
            )),
          )}
        </List>
        <Text size="sm">
          To include them, set <Code>OPENAI_API_KEY</Code> on the server, or point{" "}
          <Code>OPENAI_BASE_URL</Code> at any OpenAI-compatible server, then generate again. The interviews
          themselves are kept.
        </Text>
      </Stack>
    </Alert>
  );
}

/** Themes and the Conflicts panel behind the project's latest synthesis (hidden until there is one). */
export function SynthesisPanels({ projectId, interviews }: { projectId: number; interviews?: Interview[] }) {
  const trpc = useTRPC();
  const synthesis = useQuery(trpc.evidence.synthesis.queryOptions({ projectId }));
  const nameOf = interviewNamer(interviews);
  if (!synthesis.data?.documentId) return null;
  const { themes, conflicts } = synthesis.data;
  return (
    <Stack>
      {themes.length > 0 && <ThemesPanel themes={themes} nameOf={nameOf} />}
      <ConflictsPanel conflicts={conflicts} nameOf={nameOf} />
    </Stack>
  );
}
