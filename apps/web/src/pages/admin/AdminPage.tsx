import { Placeholder } from "../../components/Placeholder";

export default function Page() {
  return <Placeholder title="Admin Dashboard" />;
}
