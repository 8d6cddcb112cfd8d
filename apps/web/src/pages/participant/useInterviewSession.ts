import type { RouterOutputs } from "@parley/api";
import { useCallback, useMemo, useRef } from "react";
import { markNotSaid } from "../../features/voice/sentences";
import { createStore, useStoreState } from "../../hooks/store";
import { nowIso } from "../../lib/dates";
import { type ConversationMessage, isImageMessage } from "../../lib/transcript";
import { useTRPCClient } from "../../lib/trpc";

type ShareData = RouterOutputs["participant"]["open"];

interface SessionState {
  messages: ConversationMessage[];
  /** The interviewer's reply as it streams in; null when none is being written. */
  streaming: string | null;
  /** The server refused the AI call (rate limit, allowance used up): its own words. */
  refusal: string | null;
  /** The interviewer's last reply closed the interview (after the read-back): End Interview is next. */
  final: boolean;
}

type SessionAction =
  | { type: "set"; messages: ConversationMessage[] }
  | { type: "stream"; text: string | null }
  | { type: "refuse"; message: string | null }
  | { type: "final"; final: boolean };

function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case "set":
      return { ...state, messages: action.messages };
    case "stream":
      return { ...state, streaming: action.text };
    case "refuse":
      return { ...state, refusal: action.message };
    case "final":
      return { ...state, final: action.final };
  }
}

/** What became of one exchange. */
export type ExchangeResult =
  | { kind: "replied"; reply: string; index: number }
  /** The AI call was refused by a limit: the participant's words stay, saved, in the conversation. */
  | { kind: "refused"; status: 429 | 403; message: string }
  /** Anything else failed: the words are taken back off the screen for the caller to restore. */
  | { kind: "failed" };

export interface TurnContext {
  notes: string;
  imageContext: string;
}

/** A refusal by a limit: 429 (too fast) or 403 (the interview's or owner's allowance used up). */
export function limitRefusal(error: unknown): { status: 429 | 403; message: string } | null {
  const status = (error as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus;
  const message = (error as { message?: unknown } | null)?.message;
  if ((status === 429 || status === 403) && typeof message === "string" && message)
    return { status, message };
  return null;
}

/**
 * The interview's conversation: what was said, the reply being written, and every write to the
 * server, one after another in the order they were asked for (a barge-in can start a new exchange
 * before the last reply is saved).
 */
export function useInterviewSession(share: ShareData | undefined, context: () => TurnContext) {
  const client = useTRPCClient();
  const store = useMemo(
    () => createStore(sessionReducer, { messages: [], streaming: null, refusal: null, final: false }),
    [],
  );
  const state = useStoreState(store);
  const conversationId = useRef<number | null>(null);
  /** Older image messages of the saved conversation that no note image stands for: kept on every save. */
  const keptImageMessages = useRef<ConversationMessage[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const interviewId = share?.interview.id ?? 0;

  /** Runs writes one at a time. */
  const serial = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(task, task);
    queue.current = next.catch(() => {});
    return next;
  }, []);

  /** Loads the saved conversation; answers whether there was one to resume. */
  const resume = useCallback(
    (data: ShareData): boolean => {
      const saved = (data.conversation?.messages ?? []) as ConversationMessage[];
      conversationId.current = data.conversation?.id ?? null;
      const chat = saved.filter((m) => !isImageMessage(m));
      const noteImageIds = new Set(data.images.map((image) => image.id));
      keptImageMessages.current = saved.filter(
        (m) => isImageMessage(m) && (m.imageId === undefined || !noteImageIds.has(m.imageId)),
      );
      if (!chat.length) return false;
      store.dispatch({ type: "set", messages: chat });
      return true;
    },
    [store],
  );

  const persist = useCallback(
    async (list: ConversationMessage[]) => {
      const payload = [...list, ...keptImageMessages.current].map((m) => ({
        ...m,
        timestamp: m.timestamp ?? nowIso(),
      }));
      if (conversationId.current) {
        await client.participant.updateConversation.mutate({
          conversationId: conversationId.current,
          messages: payload,
        });
      } else {
        const saved = await client.participant.saveConversation.mutate({ interviewId, messages: payload });
        conversationId.current = saved.id;
      }
    },
    [client, interviewId],
  );

  /** Asks the interviewer for its next message, shown (and handed to onChunk) as it streams in, then saved. */
  const agentTurn = useCallback(
    async (
      onChunk?: (chunk: string) => void,
      /** A save still under way, which must land before the reply's. */
      earlierSave?: Promise<unknown>,
    ): Promise<{ reply: string; index: number }> => {
      const history = store.get().messages;
      const { notes, imageContext } = context();
      store.dispatch({ type: "stream", text: "" });
      let reply = "";
      let final = false;
      try {
        const stream = await client.ai.interviewResponseStream.mutate(
          {
            interviewId,
            messages: history.map(({ role, content, timestamp }) => ({ role, content, timestamp })),
            templateType: share?.interview.stakeholderType,
            projectInfo: {
              objective: share?.project.objective,
              targetAudience: share?.project.targetAudience,
            },
            notesContext: notes,
            imageContext,
            // The stream ends with { final }: the server says when the interviewer has closed.
            trailer: true,
          },
          { context: { stream: true } },
        );
        for await (const chunk of stream) {
          if (typeof chunk !== "string") {
            final = chunk.final;
            continue;
          }
          reply += chunk;
          store.dispatch({ type: "stream", text: reply });
          onChunk?.(chunk);
        }
      } finally {
        store.dispatch({ type: "stream", text: null });
      }
      const next = [
        ...store.get().messages,
        { role: "ai" as const, content: reply.trim(), timestamp: nowIso() },
      ];
      store.dispatch({ type: "set", messages: next });
      store.dispatch({ type: "refuse", message: null });
      store.dispatch({ type: "final", final });
      await earlierSave;
      await persist(next);
      return { reply: reply.trim(), index: next.length - 1 };
    },
    [client, context, interviewId, persist, share, store],
  );

  /** The interviewer's next message on the conversation as it is (the welcome, or again after a refusal). */
  const reply = useCallback(
    (onChunk?: (chunk: string) => void): Promise<ExchangeResult> =>
      serial(async () => {
        try {
          return { kind: "replied", ...(await agentTurn(onChunk)) } as const;
        } catch (error) {
          const refusal = limitRefusal(error);
          store.dispatch({ type: "refuse", message: refusal?.message ?? null });
          return refusal ? ({ kind: "refused", ...refusal } as const) : ({ kind: "failed" } as const);
        }
      }),
    [agentTurn, serial, store],
  );

  /** One exchange: the participant's words, saved, then the interviewer's reply. */
  const exchange = useCallback(
    (text: string, onChunk?: (chunk: string) => void): Promise<ExchangeResult> =>
      serial(async () => {
        const before = store.get().messages;
        const history = [...before, { role: "user" as const, content: text, timestamp: nowIso() }];
        store.dispatch({ type: "set", messages: history });
        // The words are saved while the interviewer already thinks (saving first cost a round trip
        // per turn); only the very first save waits, so that exactly one conversation is created.
        const saving = persist(history);
        const saved = saving.then(
          () => true,
          () => false,
        );
        if (!conversationId.current && !(await saved)) {
          store.dispatch({ type: "set", messages: before });
          return { kind: "failed" } as const;
        }
        try {
          return { kind: "replied", ...(await agentTurn(onChunk, saved)) } as const;
        } catch (error) {
          const refusal = limitRefusal(error);
          if (refusal && (await saved)) {
            store.dispatch({ type: "refuse", message: refusal.message });
            return { kind: "refused", ...refusal } as const;
          }
          store.dispatch({ type: "set", messages: before });
          return { kind: "failed" } as const;
        }
      }),
    [agentTurn, persist, serial, store],
  );

  /** The participant spoke over this reply: the transcript marks what was not said. */
  const markReplyNotSaid = useCallback(
    (index: number, said: string, notSaid: string) =>
      serial(async () => {
        const list = store.get().messages;
        const message = list[index];
        if (message?.role !== "ai" || !notSaid.trim()) return;
        const next = list.map((m, i) => (i === index ? { ...m, content: markNotSaid(said, notSaid) } : m));
        store.dispatch({ type: "set", messages: next });
        await persist(next).catch(() => {});
      }),
    [persist, serial, store],
  );

  /** The conversation to end with, `extra` added, once earlier saves have landed (as `persist` sends it). */
  const finalMessages = useCallback(
    (extra: ConversationMessage[]) =>
      serial(async () =>
        [...store.get().messages, ...extra, ...keptImageMessages.current].map((m) => ({
          ...m,
          timestamp: m.timestamp ?? nowIso(),
        })),
      ),
    [serial, store],
  );

  const dismissRefusal = useCallback(() => store.dispatch({ type: "refuse", message: null }), [store]);

  return {
    ...state,
    /** The conversation as it is now (for async work that must not read a stale render). */
    current: store.get,
    resume,
    reply,
    exchange,
    markReplyNotSaid,
    finalMessages,
    dismissRefusal,
  };
}
