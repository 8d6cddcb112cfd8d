import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconPlus, IconTrash } from "@tabler/icons-react";
import { useConfirm } from "../../ConfirmDialog";

/** The "…" menu of an epic, feature or story: an optional add action, and delete after a confirmation. */
export function ItemMenu({
  label,
  add,
  deleteLabel,
  confirmTitle,
  confirmMessage,
  onDelete,
}: {
  /** The button's name: "Actions for epic Checkout". */
  label: string;
  add?: { label: string; onClick: () => void };
  deleteLabel: string;
  confirmTitle: string;
  confirmMessage: string;
  onDelete: () => void;
}) {
  const confirm = useConfirm();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {add && (
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={add.onClick}>
            {add.label}
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() =>
            confirm({
              title: confirmTitle,
              message: `${confirmMessage} Refresh Requirements will not bring it back.`,
              onConfirm: onDelete,
            })
          }
        >
          {deleteLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
