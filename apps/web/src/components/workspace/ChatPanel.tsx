import { Box, Card, Loader, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { LoadError } from "../LoadError";
import { MessageComposer } from "../messages/MessageComposer";
import { MessageScroll } from "../messages/MessageScroll";
import { Markdown } from "./Markdown";

const PANEL_HEIGHT = 700;

/** The AI Strategic Partner: a chat about the summary, answers streamed as they are written. */
export function ChatPanel({ projectId, summary }: { projectId: number; summary: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const history = useQuery(trpc.chat.history.queryOptions({ projectId }));
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<{ question: string; answer: string } | null>(null);

  const send = async () => {
    const message = draft.trim();
    if (!message || pending) return; // empty or pending messages are ignored
    setDraft("");
    setPending({ question: message, answer: "" });
    try {
      const stream = await client.chat.sendStream.mutate(
        { projectId, message, summary },
        { context: { stream: true } },
      );
      for await (const chunk of stream) setPending((p) => (p ? { ...p, answer: p.answer + chunk } : p));
      await queryClient.invalidateQueries({ queryKey: trpc.chat.history.queryKey({ projectId }) });
    } catch {
      setDraft(message);
      toast({
        title: "Chat Error",
        description: "Failed to send message. Please try again.",
        variant: "destructive",
      });
    } finally {
      setPending(null);
    }
  };

  const messages = history.data ?? [];
  return (
    <Card withBorder radius="lg" p={0} h={PANEL_HEIGHT} style={{ display: "flex", flexDirection: "column" }}>
      <Box p="md" style={{ borderBottom: "1px solid var(--parley-border)" }}>
        <Title order={4}>AI Strategic Partner</Title>
        <Text size="xs" c="dimmed">
          Ask about your summary: gaps, priorities, next steps.
        </Text>
      </Box>
      <MessageScroll grows={`${messages.length}:${pending?.answer.length ?? 0}`} p="md">
        {history.isLoading && <Loader size="sm" />}
        {history.isError && (
          <LoadError
            title="Error loading messages"
            message="The conversation could not be loaded."
            query={history}
          />
        )}
        {history.isSuccess && !messages.length && !pending && (
          <Text size="sm" c="dimmed">
            No messages yet. Try “What do stakeholders struggle with most?”
          </Text>
        )}
        {messages.map((m) => (
          <Bubble key={m.id} speaker={m.role} content={m.content} />
        ))}
        {pending && (
          <>
            <Bubble speaker="user" content={pending.question} />
            <Bubble speaker="ai" content={pending.answer || "…"} />
          </>
        )}
      </MessageScroll>
      <MessageComposer
        p="md"
        style={{ borderTop: "1px solid var(--parley-border)" }}
        value={draft}
        onChange={setDraft}
        onSend={() => void send()}
        canSend={Boolean(draft.trim()) && !pending}
        label="Message the AI Strategic Partner"
        placeholder="Ask a question (Enter to send, Shift+Enter for a new line)"
        sendLabel="Send message"
        maxRows={5}
        buttonSize="lg"
      />
    </Card>
  );
}

function Bubble({ speaker, content }: { speaker: "user" | "ai"; content: string }) {
  const mine = speaker === "user";
  return (
    <Box
      maw="90%"
      ml={mine ? "auto" : 0}
      px="sm"
      py={6}
      bg={mine ? "indigo.8" : "var(--parley-subtle-surface)"}
      c={mine ? "white" : "var(--mantine-color-text)"}
      style={{ borderRadius: 12, fontSize: 14 }}
      data-speaker={speaker}
    >
      {mine ? (
        <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
          {content}
        </Text>
      ) : (
        <Markdown>{content}</Markdown>
      )}
    </Box>
  );
}
