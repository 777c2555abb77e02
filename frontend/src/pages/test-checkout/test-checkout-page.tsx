import { useSearchParams } from 'react-router-dom';
import { TestCheckoutPanel } from '@/features/payments';
import { PageContainer } from '@/shared/ui';

/** The built-in test payment provider's checkout (docs/api.md, Payments). */
export function TestCheckoutPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? '';
  return (
    <PageContainer>
      <TestCheckoutPanel key={sessionId} sessionId={sessionId} />
    </PageContainer>
  );
}
