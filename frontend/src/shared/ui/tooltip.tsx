import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { type ReactNode } from 'react';
import { env } from '@/shared/config/env';

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
}

/**
 * Wraps a focusable child (asChild) with a tooltip that opens after 700 ms (spec section 9).
 * Each tooltip carries its own provider, so Radix's tooltip code loads only with the pages
 * that show one, not with the landing page.
 */
export function Tooltip({ content, children }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={env.TOOLTIP_DELAY_MS}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={4}
            className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
