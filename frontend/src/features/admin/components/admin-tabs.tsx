import { type KeyboardEvent, type ReactNode, type RefObject, useId } from 'react';
import { cn } from '@/shared/lib/cn';

export interface AdminTab<T extends string> {
  id: T;
  label: string;
  /** Beside the label (an unread count, say); part of the tab's name. */
  badge?: ReactNode;
  panel: ReactNode;
}

interface AdminTabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<AdminTab<T>>;
  selected: T;
  onSelect: (id: T) => void;
  /** Refs to the tab buttons, so a control elsewhere can move focus to a tab. */
  tabRefs: RefObject<Partial<Record<T, HTMLButtonElement | null>>>;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function AdminTabs<T extends string>({ label, tabs, selected, onSelect, tabRefs }: AdminTabsProps<T>) {
  const baseId = useId();
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = (id: T) => `${baseId}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const target = tabs[next].id;
    onSelect(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-slate-200"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[tab.id] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={panelId(tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                '-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                active
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
              {tab.badge}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pt-6 focus-visible:outline-none"
        >
          {tab.id === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}
