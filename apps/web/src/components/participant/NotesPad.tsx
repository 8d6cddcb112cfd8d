import {
  ActionIcon,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconPhotoPlus, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { useTRPCClient } from "../../lib/trpc";

export interface NoteImage {
  id: number;
  url: string;
  description: string | null;
  analyzing?: boolean;
}

const NOTES_AUTOSAVE_MS = 1000;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The 'Interview Notes' pad: free text (saved as you type) and 'Visual Notes' images with AI descriptions. */
export function NotesPad({
  interviewId,
  notes,
  onNotes,
  images,
  onImages,
  disabled,
}: {
  interviewId: number;
  notes: string;
  onNotes: (notes: string) => void;
  images: NoteImage[];
  onImages: (update: (images: NoteImage[]) => NoteImage[]) => void;
  disabled?: boolean;
}) {
  const client = useTRPCClient();
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const save = useDebouncedCallback((value: string) => {
    client.participant.setNotes
      .mutate({ interviewId, notes: value })
      .then(() => setState("saved"))
      .catch(() => {
        setState("idle");
        toast({
          title: "Notes not saved",
          description: "Your notes are kept here; they will be saved with the interview.",
          variant: "destructive",
        });
      });
  }, NOTES_AUTOSAVE_MS);

  const add = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({
        title: "Only images can be added",
        description: "Choose a picture file (PNG, JPEG, GIF…).",
        variant: "destructive",
      });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast({
        title: "Image too large",
        description: "Images must be at most 10 MB.",
        variant: "destructive",
      });
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      const image = await client.participant.addImage.mutate({ interviewId, dataUrl });
      onImages((list) => [...list, { ...image, analyzing: true }]);
      try {
        const { description } = await client.ai.analyzeImage.mutate({
          interviewId,
          base64Image: dataUrl,
          context: notes,
          imageId: image.id,
        });
        onImages((list) =>
          list.map((i) => (i.id === image.id ? { ...i, description, analyzing: false } : i)),
        );
      } catch (error) {
        onImages((list) => list.map((i) => (i.id === image.id ? { ...i, analyzing: false } : i)));
        toast({
          title: "Image Analysis Failed",
          description: (error as Error).message,
          variant: "destructive",
        });
      }
    } catch (error) {
      toast({
        title: "Image Analysis Failed",
        description: (error as Error).message,
        variant: "destructive",
      });
    }
  };

  const remove = async (id: number) => {
    try {
      await client.participant.removeImage.mutate({ interviewId, imageId: id });
      onImages((list) => list.filter((i) => i.id !== id));
    } catch (error) {
      toast({
        title: "Could not remove the image",
        description: (error as Error).message,
        variant: "destructive",
      });
    }
  };

  return (
    <Card withBorder radius="lg" p="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Interview Notes</Title>
          <Text size="xs" c="dimmed" aria-live="polite">
            {state === "saving" ? "Saving..." : state === "saved" ? "Saved" : ""}
          </Text>
        </Group>
        <Textarea
          aria-label="Interview notes"
          placeholder="Jot down anything you want the team to know."
          autosize
          minRows={6}
          maxRows={14}
          value={notes}
          disabled={disabled}
          onChange={(e) => {
            onNotes(e.currentTarget.value);
            setState("saving");
            save(e.currentTarget.value);
          }}
        />
        <Group justify="space-between" mt="xs">
          <Text fw={600} size="sm">
            Visual Notes
          </Text>
          <FileButton onChange={add} accept="image/*" disabled={disabled}>
            {(props) => (
              <ActionIcon {...props} variant="light" aria-label="Add an image" size="lg">
                <IconPhotoPlus size={18} />
              </ActionIcon>
            )}
          </FileButton>
        </Group>
        {!images.length ? (
          <Text size="xs" c="dimmed">
            Add screenshots, photos or sketches; the AI describes them for the team.
          </Text>
        ) : (
          <SimpleGrid cols={1} spacing="xs">
            {images.map((image) => (
              <Card key={image.id} withBorder p="xs" radius="md">
                <Group align="flex-start" wrap="nowrap" gap="xs">
                  <Image src={image.url} alt="Visual note" w={64} h={64} radius="sm" fit="cover" />
                  <Text size="xs" style={{ flex: 1 }}>
                    {image.analyzing ? <Loader size="xs" /> : image.description || "No description"}
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    onClick={() => remove(image.id)}
                    aria-label="Remove image"
                    disabled={disabled}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
