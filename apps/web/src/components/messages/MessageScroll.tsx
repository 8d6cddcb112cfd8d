import { ScrollArea, type ScrollAreaProps, Stack } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";

/** Within this many pixels of the end, the list counts as showing the end. */
const AT_END_PX = 24;

/**
 * A conversation's scrolling list of messages: it follows the end whenever `grows` changes (a new
 * message, or more of a reply streaming in), and keeps the end in view when it gets shorter (a phone's
 * keyboard opening) if the end was in view.
 */
export function MessageScroll({
  grows,
  children,
  ...scroll
}: ScrollAreaProps & { grows: string; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (grows) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [grows]);
  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    // Whether the end was in view is judged at the height the list had before it changed.
    let height = element.clientHeight;
    const observer = new ResizeObserver(() => {
      const wasAtEnd = element.scrollHeight - element.scrollTop - height < AT_END_PX;
      height = element.clientHeight;
      if (wasAtEnd) element.scrollTo({ top: element.scrollHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <ScrollArea style={{ flex: 1 }} viewportRef={viewport} {...scroll}>
      <Stack gap="sm">{children}</Stack>
    </ScrollArea>
  );
}
