import { useId } from 'react';

// WAI-ARIA tabs: a tablist whose tabs control one tab panel, which shows what the selected tab
// chooses (a list's filter, a date range). Tab and arrow keys as the APG's tabs pattern: Tab enters
// the selected tab and leaves for the panel; Left/Right (and Home/End) select the next tab.

export type TabOption<Tab extends string> = { value: Tab; label: string };

type TabsProps<Tab extends string> = {
  /** From useTabs: ties the tabs to their panel. */
  ids: TabIds;
  label: string;
  options: readonly TabOption<Tab>[];
  value: Tab;
  onChange: (tab: Tab) => void;
  className?: string;
};

export type TabIds = { base: string; selected: number };

/** The ids that tie a set of tabs to its panel; `selected` is the index of the selected tab. */
export function useTabIds<Tab extends string>(options: readonly TabOption<Tab>[], value: Tab): TabIds {
  return {
    base: useId(),
    selected: Math.max(
      0,
      options.findIndex((o) => o.value === value),
    ),
  };
}

const tabId = (ids: TabIds, index: number) => `${ids.base}-tab-${index}`;
const panelId = (ids: TabIds) => `${ids.base}-panel`;

export function Tabs<Tab extends string>({ ids, label, options, value, onChange, className }: TabsProps<Tab>) {
  const select = (index: number) => {
    const next = options[(index + options.length) % options.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(ids, options.indexOf(next)))?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ?? 'inline-flex self-start rounded-lg bg-surface p-1'}
      onKeyDown={(e) => {
        const moves: Record<string, number> = { ArrowLeft: ids.selected - 1, ArrowRight: ids.selected + 1, Home: 0, End: -1 };
        if (!(e.key in moves)) return;
        e.preventDefault();
        select(moves[e.key] as number);
      }}
    >
      {options.map((o, i) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          id={tabId(ids, i)}
          aria-selected={value === o.value}
          aria-controls={panelId(ids)}
          tabIndex={value === o.value ? 0 : -1}
          onClick={() => onChange(o.value)}
          className={`rounded-md px-4 py-2 text-sm ${value === o.value ? 'bg-primary text-on-primary' : ''}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** What the selected tab shows. */
export function TabPanel({ ids, className, children }: { ids: TabIds; className?: string; children: React.ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(ids)} aria-labelledby={tabId(ids, ids.selected)} className={className}>
      {children}
    </div>
  );
}
