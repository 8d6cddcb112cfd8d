import { Button, Menu } from "@mantine/core";
import { IconChevronDown, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { authHeaders } from "../../../lib/auth-token";
import { downloadBlob } from "../../../lib/download";
import { toast } from "../../../lib/toast";

const FORMATS = [
  { format: "jira-csv", label: "Jira CSV" },
  { format: "linear-csv", label: "Linear CSV" },
  { format: "json", label: "JSON" },
  { format: "markdown", label: "Markdown" },
] as const;

/** Downloads the requirements file the server writes (GET /api/projects/{id}/requirements/export). */
async function download(projectId: number, format: string) {
  const response = await fetch(`/api/projects/${projectId}/requirements/export?format=${format}`, {
    headers: authHeaders(),
    credentials: "include",
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `Export failed (${response.status})`);
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `requirements.${format}`;
  downloadBlob(fileName, await response.blob());
}

export function ExportMenu({ projectId, disabled }: { projectId: number; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          disabled={disabled}
          loading={busy}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, label }) => (
          <Menu.Item
            key={format}
            onClick={async () => {
              setBusy(true);
              try {
                await download(projectId, format);
              } catch (error) {
                toast({
                  title: "Export failed",
                  description: (error as Error).message,
                  variant: "destructive",
                });
              } finally {
                setBusy(false);
              }
            }}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
