import { type LucideIcon } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '@/shared/lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

export interface SectionCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The card's heading (an h2), which also names the card. */
  title: ReactNode;
  /** The heading's id, for a page or test that points at it; generated otherwise. */
  titleId?: string;
  icon?: LucideIcon;
  iconClassName?: string;
  description?: ReactNode;
  descriptionClassName?: string;
  /** Beside the heading, at the end of the header row (a "View All" link, say). */
  action?: ReactNode;
  /** More of the header, under the description. */
  headerExtra?: ReactNode;
  contentClassName?: string;
}

/** The card with a heading that sections of the pages are made of: icon, title, description, content. */
export function SectionCard({
  title,
  titleId,
  icon: Icon,
  iconClassName = 'text-indigo-600',
  description,
  descriptionClassName,
  action,
  headerExtra,
  contentClassName,
  children,
  ...props
}: SectionCardProps) {
  const generatedId = useId();
  const headingId = titleId ?? generatedId;
  const heading = (
    <CardTitle id={headingId} className={Icon ? 'flex items-center gap-2' : undefined}>
      {Icon && <Icon className={cn('h-5 w-5', iconClassName)} aria-hidden="true" />}
      {title}
    </CardTitle>
  );
  return (
    <Card aria-labelledby={headingId} {...props}>
      <CardHeader>
        {action ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {description !== undefined && <CardDescription className={descriptionClassName}>{description}</CardDescription>}
        {headerExtra}
      </CardHeader>
      {children !== undefined && <CardContent className={contentClassName}>{children}</CardContent>}
    </Card>
  );
}
