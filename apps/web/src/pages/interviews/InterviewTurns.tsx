import { Anchor, Badge, Box, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { PersonalDetail } from "../../features/privacy/details";
import { MarkedText } from "../../features/privacy/MarkedText";
import { type ConversationMessage, isImageMessage } from "../../lib/transcript";
import { useTRPC } from "../../lib/trpc";

/** One stored message as the owner sees it; `turn` is its 0-based index in the stored conversation. */
export interface Turn {
  turn: number;
  speaker: "ai" | "user";
  text: string;
  time: string | null;
  image: { url: string; description: string } | null;
  /** Present when the words were revised (issue 23): who revised them and the words as first said. */
  revision?: { by: "participant" | "owner"; original: string };
}

/** Every stored message that has something to show (text or an image), keeping its stored index. */
export function toTurns(messages: readonly unknown[] | undefined): Turn[] {
  const turns: Turn[] = [];
  for (const [turn, raw] of (messages ?? []).entries()) {
    let m: ConversationMessage;
    try {
      m = (typeof raw === "string" ? JSON.parse(raw) : raw) as ConversationMessage;
    } catch {
      continue;
    }
    if (!m || typeof m !== "object" || (m.role !== "ai" && m.role !== "user")) continue;
    const time = m.timestamp && !Number.isNaN(Date.parse(m.timestamp)) ? m.timestamp : null;
    if (isImageMessage(m)) {
      const url =
        m.content?.startsWith("data:") || m.content?.startsWith("/") ? m.content : (m.imageData ?? m.image);
      if (!url) continue;
      const description = (m.description ?? m.analysis ?? "").trim();
      turns.push({ turn, speaker: m.role, text: "", time, image: { url, description } });
    } else if (typeof m.content === "string" && m.content.trim()) {
      const revision =
        m.revisedBy && typeof m.original === "string"
          ? { by: m.revisedBy, original: m.original.trim() }
          : null;
      turns.push({
        turn,
        speaker: m.role,
        text: m.content.trim(),
        time,
        image: null,
        ...(revision ? { revision } : {}),
      });
    }
  }
  return turns;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * What the participant gave, as they gave it: a speaker-labelled conversation with times, the images
 * they attached (thumbnails with their descriptions) and their additional feedback. Each entry is
 * addressable as `#turn-{n}`; `?turn={n}` scrolls to it and highlights it. The participant's personal
 * details are marked (issue 26).
 */
export function InterviewTurns({
  interviewId,
  participant,
  details = [],
  showPersonalDetails = false,
}: {
  interviewId: number;
  participant: string;
  details?: readonly PersonalDetail[];
  showPersonalDetails?: boolean;
}) {
  const trpc = useTRPC();
  const conversation = useQuery(trpc.participant.conversation.queryOptions({ interviewId }));
  const transcript = useQuery(trpc.participant.transcript.queryOptions({ interviewId }));
  const [params] = useSearchParams();
  const target = params.get("turn");
  const turns = toTurns(conversation.data?.messages);
  const feedback = transcript.data?.additionalFeedback?.trim();
  const images = turns.filter((t) => t.image);

  useEffect(() => {
    if (target === null || !turns.length) return;
    document.getElementById(`turn-${target}`)?.scrollIntoView({ block: "center" });
  }, [target, turns.length]);

  if (!turns.length && !feedback) return null;
  return (
    <Card withBorder radius="lg" p="lg" mb="md">
      <Title order={4} mb="sm">
        Conversation
      </Title>
      <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {turns.map((t) => {
          const highlighted = target === String(t.turn);
          return (
            <Box
              component="li"
              key={t.turn}
              id={`turn-${t.turn}`}
              data-turn={t.turn}
              data-highlighted={highlighted || undefined}
              p="xs"
              style={{
                borderRadius: 8,
                scrollMarginTop: 80,
                background: highlighted ? "var(--mantine-color-yellow-light)" : undefined,
                outline: highlighted ? "2px solid var(--mantine-color-yellow-filled)" : undefined,
              }}
            >
              <Group gap="xs" mb={2}>
                <Text size="sm" fw={700} c={t.speaker === "ai" ? "indigo.8" : undefined}>
                  {t.speaker === "ai" ? "Interviewer" : participant}
                </Text>
                {t.time && (
                  <Text size="xs" c="dimmed" component="time" dateTime={t.time}>
                    {clock(t.time)}
                  </Text>
                )}
              </Group>
              {t.image ? (
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <Anchor href={t.image.url} target="_blank" rel="noreferrer">
                    <Image
                      src={t.image.url}
                      alt={t.image.description || "An image the participant attached"}
                      w={96}
                      h={96}
                      fit="cover"
                      radius="sm"
                    />
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t.image.description || "No description"}
                  </Text>
                </Group>
              ) : (
                <>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    <MarkedText text={t.text} details={details} showPersonalDetails={showPersonalDetails} />
                  </Text>
                  {t.revision && (
                    <Text
                      size="xs"
                      c="dimmed"
                      mt={2}
                      data-testid="revision"
                      style={{ whiteSpace: "pre-wrap" }}
                    >
                      <Badge size="xs" variant="light" mr={6}>
                        {t.revision.by === "owner" ? "Corrected by you" : "Edited by the participant"}
                      </Badge>
                      First said:{" "}
                      <MarkedText
                        text={t.revision.original}
                        details={details}
                        showPersonalDetails={showPersonalDetails}
                      />
                    </Text>
                  )}
                </>
              )}
            </Box>
          );
        })}
      </Stack>
      {images.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          <Badge size="xs" variant="light" mr={4}>
            {images.length}
          </Badge>
          {images.length === 1 ? "image" : "images"} attached by the participant
        </Text>
      )}
      {feedback && (
        <Box mt="md" data-testid="additional-feedback">
          <Title order={5}>Additional Feedback</Title>
          <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap" }}>
            {feedback}
          </Text>
        </Box>
      )}
    </Card>
  );
}
