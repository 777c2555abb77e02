import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading, which also names it. */
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog: Radix keeps focus inside, returns it to the opener, closes on Escape and names
 * the dialog by its title; this adds the journal's look and a close button.
 */
export function Dialog({ open, onOpenChange, title, description, children, className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          // Without a description Radix would point aria-describedby at nothing.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
            className,
          )}
        >
          <div className="grid gap-1 pr-8">
            <RadixDialog.Title className="text-xl font-semibold break-words text-slate-900">{title}</RadixDialog.Title>
            {description !== undefined && (
              <RadixDialog.Description className="text-sm text-slate-600">{description}</RadixDialog.Description>
            )}
          </div>
          {children}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
