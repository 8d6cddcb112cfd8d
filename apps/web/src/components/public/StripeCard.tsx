import { Box, Text } from "@mantine/core";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe } from "@stripe/stripe-js";
import { useEffect, useMemo } from "react";
import type { ConfirmCard } from "../../pages/public/SubscribePage";

function CardField({ onReady }: { onReady: (confirm: ConfirmCard) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    onReady(async (clientSecret, email) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return "Card entry is not ready yet";
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { email } },
      });
      return result.error ? (result.error.message ?? "Payment failed") : null;
    });
  }, [stripe, elements, onReady]);
  return (
    <Box p="sm" style={{ border: "1px solid var(--mantine-color-gray-4)", borderRadius: 8 }}>
      <Text size="sm" fw={500} mb={6}>
        Card
      </Text>
      <CardElement options={{ hidePostalCode: true }} />
    </Box>
  );
}

/** Card entry with Stripe Elements; the page confirms the payment with the subscription's client secret. */
export default function StripeCard({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady: (confirm: ConfirmCard) => void;
}) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <CardField onReady={onReady} />
    </Elements>
  );
}
