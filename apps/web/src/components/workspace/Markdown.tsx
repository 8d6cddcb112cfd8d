import { Typography } from "@mantine/core";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Markdown rendered safely: raw HTML in the text is shown as text, never run. Headings are sized
 * for a card (global.css), not for a page: a summary's "# Title" should not outshout the page's own.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography className="card-markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
