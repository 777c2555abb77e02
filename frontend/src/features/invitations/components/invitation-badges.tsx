import { type InvitationDelivery, type InvitationStatus } from '@/shared/api';
import { cn } from '@/shared/lib/cn';
import { type BadgeTone, deliveryDetails, invitationStatusDetails } from '../model/invitation-labels';

const toneClasses: Record<BadgeTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900',
  green: 'bg-green-100 text-green-900',
  gray: 'bg-gray-100 text-gray-900',
  blue: 'bg-blue-100 text-blue-900',
  red: 'bg-red-100 text-red-900',
};

function Badge({ tone, hidden, label, data }: { tone: BadgeTone; hidden: string; label: string; data: Record<string, string> }) {
  return (
    <span
      {...data}
      className={cn('inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[tone])}
    >
      <span className="sr-only">{hidden}</span>
      {label}
    </span>
  );
}

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { label, tone } = invitationStatusDetails[status];
  return <Badge tone={tone} hidden="Status: " label={label} data={{ 'data-status': status }} />;
}

export function DeliveryBadge({ delivery }: { delivery: InvitationDelivery }) {
  const { label, tone } = deliveryDetails[delivery];
  return <Badge tone={tone} hidden="Delivery: " label={label} data={{ 'data-delivery': delivery }} />;
}
