import { Modal } from "@mantine/core";

/** The demo video dialog, loaded only when a visitor asks for it (it keeps the landing page light). */
export default function DemoVideo({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Parley in 15 seconds" size="xl" centered>
      <video src="/demo.webm" controls autoPlay muted playsInline style={{ width: "100%", borderRadius: 8 }}>
        <track kind="captions" />
      </video>
    </Modal>
  );
}
