import { type LucideIcon } from 'lucide-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { cn } from '@/shared/lib/cn';
import { buttonClasses, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/shared/ui';

interface InvitationCardProps {
  title: string;
  icon: LucideIcon;
  iconClassName?: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** A state of the invitation page: the card is the page, so its title is the h1. */
export function InvitationCard({ title, icon: Icon, iconClassName = 'text-indigo-600', description, children }: InvitationCardProps) {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="text-center">
        <Icon className={cn('mx-auto h-10 w-10', iconClassName)} aria-hidden="true" />
        <CardTitle as="h1">{title}</CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children !== undefined && <CardContent className="grid gap-4">{children}</CardContent>}
    </Card>
  );
}

/** A router link dressed as a button: it goes somewhere, it does not act. */
export function LinkButton({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: 'primary' | 'outline' }) {
  return (
    <Link to={to} className={buttonClasses(variant, 'md', 'w-full')}>
      {children}
    </Link>
  );
}

export function ReturnHome() {
  return (
    <LinkButton to={paths.home.getHref()} variant="outline">
      Return Home
    </LinkButton>
  );
}
