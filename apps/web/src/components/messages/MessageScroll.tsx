import { ScrollArea, type ScrollAreaProps, Stack } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * A conversation's scrolling list of messages: it follows the end whenever `grows` changes (a new
 * message, or more of a reply streaming in).
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
  return (
    <ScrollArea style={{ flex: 1 }} viewportRef={viewport} {...scroll}>
      <Stack gap="sm">{children}</Stack>
    </ScrollArea>
  );
}
