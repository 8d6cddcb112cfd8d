import type { RouterOutputs } from "@parley/api";
import { useCallback, useMemo, useRef } from "react";
import { markNotSaid } from "../../features/voice/notSaid";
import { createStore, useStoreState } from "../../hooks/store";
import { afterRequestsLeave } from "../../lib/afterRequests";
import { nowIso } from "../../lib/dates";
import { type ConversationMessage, isImageMessage } from "../../lib/transcript";
import { useTRPCClient } from "../../lib/trpc";
import type { StartedTurn } from "../../lib/voice/voiceTurn";

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

/** A new answer's id (getRandomValues works outside secure contexts too, unlike randomUUID). */
const answerId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

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
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** An answer whose turn failed: sent again with the same id, so the server keeps it once. */
  const unanswered = useRef<{ id: string; content: string } | null>(null);
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
      const chat = saved.filter((m) => !isImageMessage(m));
      if (!chat.length) return false;
      store.dispatch({ type: "set", messages: chat });
      return true;
    },
    [store],
  );

  /**
   * Asks the interviewer for its next message, shown (and handed to onChunk) as it streams in. The
   * server keeps the record: the browser sends only the new answer with its id (issue 23).
   */
  const agentTurn = useCallback(
    async (
      answer: { id: string; content: string } | undefined,
      onChunk?: (chunk: string) => void,
      shown?: () => void,
      started?: StartedTurn,
    ): Promise<{ reply: string; index: number }> => {
      const { notes, imageContext } = context();
      // A voice answer's reply was asked for with its recording (the voice loop's one request).
      const asked = started
        ? Promise.resolve(started.events)
        : client.ai.interviewResponseStream.mutate(
            {
              interviewId,
              ...(answer ? { answer } : {}),
              notesContext: notes,
              imageContext,
              // The stream ends with { final, turnId }: the server says when the interviewer has closed.
              trailer: true,
            },
            { context: { stream: true } },
          );
      // The answer and the reply's place are drawn once the request is on its way (the first word).
      asked.catch(() => {});
      await afterRequestsLeave();
      shown?.();
      store.dispatch({ type: "stream", text: "" });
      let reply = "";
      let final = false;
      let turnId: number | undefined;
      try {
        const stream = await asked;
        for await (const chunk of stream) {
          if (typeof chunk !== "string") {
            final = chunk.final;
            turnId = chunk.turnId ?? undefined;
            continue;
          }
          reply += chunk;
          // The chunk goes to the voice first: a sentence it completes is asked for as speech before
          // the page redraws the streaming text (5–14 ms, on the way to the first word heard).
          onChunk?.(chunk);
          store.dispatch({ type: "stream", text: reply });
        }
      } finally {
        store.dispatch({ type: "stream", text: null });
      }
      const next = [
        ...store.get().messages,
        { role: "ai" as const, content: reply.trim(), timestamp: nowIso(), ...(turnId ? { turnId } : {}) },
      ];
      store.dispatch({ type: "set", messages: next });
      store.dispatch({ type: "refuse", message: null });
      store.dispatch({ type: "final", final });
      return { reply: reply.trim(), index: next.length - 1 };
    },
    [client, context, interviewId, store],
  );

  /** The interviewer's next message on the conversation as it is (the welcome, or again after a refusal). */
  const reply = useCallback(
    (onChunk?: (chunk: string) => void): Promise<ExchangeResult> =>
      serial(async () => {
        try {
          return { kind: "replied", ...(await agentTurn(undefined, onChunk)) } as const;
        } catch (error) {
          const refusal = limitRefusal(error);
          store.dispatch({ type: "refuse", message: refusal?.message ?? null });
          return refusal ? ({ kind: "refused", ...refusal } as const) : ({ kind: "failed" } as const);
        }
      }),
    [agentTurn, serial, store],
  );

  /** One exchange: the participant's words (kept by the server before it asks), then the reply. */
  const exchange = useCallback(
    (text: string, onChunk?: (chunk: string) => void, started?: StartedTurn): Promise<ExchangeResult> =>
      serial(async () => {
        const before = store.get().messages;
        const answer = started
          ? { id: started.id, content: text }
          : unanswered.current?.content === text
            ? unanswered.current
            : { id: answerId(), content: text };
        unanswered.current = null;
        const shown = () =>
          store.dispatch({
            type: "set",
            messages: [...before, { role: "user", content: text, timestamp: nowIso() }],
          });
        try {
          return { kind: "replied", ...(await agentTurn(answer, onChunk, shown, started)) } as const;
        } catch (error) {
          const refusal = limitRefusal(error);
          if (refusal) {
            // A limit refused the reply, not the words: the server kept them.
            store.dispatch({ type: "refuse", message: refusal.message });
            return { kind: "refused", ...refusal } as const;
          }
          unanswered.current = answer;
          store.dispatch({ type: "set", messages: before });
          return { kind: "failed" } as const;
        }
      }),
    [agentTurn, serial, store],
  );

  /** The participant spoke over this reply: the transcript marks what was not said (a revision). */
  const markReplyNotSaid = useCallback(
    (index: number, said: string, notSaid: string) =>
      serial(async () => {
        const list = store.get().messages;
        const message = list[index];
        if (message?.role !== "ai" || !notSaid.trim()) return;
        const content = markNotSaid(said, notSaid);
        store.dispatch({ type: "set", messages: list.map((m, i) => (i === index ? { ...m, content } : m)) });
        if (message.turnId) {
          await client.participant.reviseTurn
            .mutate({ interviewId, turnId: message.turnId, content })
            .catch(() => {});
        }
      }),
    [client, interviewId, serial, store],
  );

  /** What the end adds to the conversation (the note images), once earlier writes have landed. */
  const finalMessages = useCallback(
    (extra: ConversationMessage[]) =>
      serial(async () => extra.map((m) => ({ ...m, timestamp: m.timestamp ?? nowIso() }))),
    [serial],
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
    /** What a turn sends beside the answer (the voice loop's one request sends it too). */
    turnContext: context,
  };
}
