import { endpoints } from '@stashblog/contract/endpoints';
import { searchSuggestionsMax, searchTexts } from '@stashblog/contract/search-options';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, isOk } from '../../lib/api-client';
import { useEarlyValue } from '../../ui/use-early-value';
import { readRecent } from './recent-searches';
import { useVoiceSearch } from './voice-search';

type Props = {
  /** The search page this box opens, e.g. `/lotus-handicrafts/search`. */
  action: string;
  /** Suggestions come from this business only; across all businesses without it. */
  businessName?: string;
  initial?: string;
  /** Search page only: the visitor emptied the box (SPEC §4: cleared text clears results). */
  onClear?: () => void;
  size?: 'nav' | 'page';
  /** Extra query parameters kept on the search page (filter, sort). */
  keep?: Record<string, string>;
  /** Called when a search starts (the mobile menu closes). */
  onSearch?: () => void;
};

type Option = { text: string; kind: 'recent' | 'suggestion' };

const debounceMs = 200;

/** Search input with recent searches, suggestions as you type (prefix, ≤ 10) and voice input where the browser has it. */
export function SearchBox({ action, businessName, initial = '', onClear, size = 'nav', keep, onSearch }: Props) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setText(initial), [initial]);
  // Read when the list opens, not as the page hydrates: a page's first localStorage read waits on the
  // browser's storage (up to ~30 ms on a slow phone), and the list also shows searches from other tabs.
  useEffect(() => {
    if (open) setRecent(readRecent());
  }, [open]);
  // Text typed before the page hydrated is in the input but not in state: take it over, with its suggestions.
  useEarlyValue(input, initial, (typed) => {
    setText(typed);
    if (document.activeElement === input.current) setOpen(true);
  });

  // Suggestions as you type, debounced; a late answer for older text is dropped.
  useEffect(() => {
    const term = text.trim();
    if (!term || !open) {
      setSuggestions([]);
      return;
    }
    let live = true;
    const t = setTimeout(async () => {
      const res = await api(endpoints.publicUser.searchSuggestions, { searchQuery: term, businessName });
      if (live) setSuggestions(isOk(res) ? res.payload.suggestions : []);
    }, debounceMs);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, open, businessName]);

  // Closes when focus or a click leaves the box.
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, []);

  const term = text.trim().toLowerCase();
  const options: Option[] = term
    ? [
        ...recent
          .filter((r) => r.toLowerCase().startsWith(term))
          .slice(0, 3)
          .map((t) => ({ text: t, kind: 'recent' as const })),
        ...suggestions.map((t) => ({ text: t, kind: 'suggestion' as const })),
      ]
        .filter((o, i, all) => all.findIndex((x) => x.text.toLowerCase() === o.text.toLowerCase()) === i)
        .slice(0, searchSuggestionsMax)
    : recent.map((t) => ({ text: t, kind: 'recent' as const }));

  function go(value: string) {
    const q = value.trim();
    if (!q) return; // SPEC §5: search runs only with a non-empty term
    // no remembering here: the search page remembers the term it shows (search-page.tsx)
    setText(q);
    setOpen(false);
    setActive(-1);
    const params = new URLSearchParams({ searchQuery: q, ...keep });
    onSearch?.();
    navigate(`${action}?${params}`);
  }

  const voice = useVoiceSearch((spoken) => go(spoken));
  const hindi = voice.lang === 'hi-IN';

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(options.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(-1, a - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      go(options[active].text);
    }
  }

  const listId = `${id}-list`;
  const big = size === 'page';
  const showList = open && options.length > 0;
  return (
    <div ref={box} className="relative w-full">
      <form
        action={action}
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          // The field itself, not state: Enter pressed as the page hydrates comes before the typed text is taken over.
          go(active >= 0 && options[active] ? options[active].text : (input.current?.value ?? text));
        }}
        className={`flex items-center gap-1 rounded-full border border-text/20 bg-background focus-within:border-primary ${big ? 'px-4 py-2' : 'px-3 py-1'}`}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          {searchTexts.placeholder}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          name="searchQuery"
          // text, not search: HTML allows role=combobox on a text input only (Nu checker, issue 22)
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder={searchTexts.placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            if (!e.target.value.trim()) onClear?.();
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={`min-w-0 flex-1 bg-transparent outline-none ${big ? 'py-1 text-lg' : 'py-1 text-sm'}`}
        />
        {voice.supported ? (
          <>
            <button
              type="button"
              onClick={() => voice.setLang(hindi ? 'en-IN' : 'hi-IN')}
              className="rounded px-1 text-muted text-xs hover:text-text"
              title="Voice search language"
              aria-label={searchTexts.voiceLanguage(hindi ? 'हिं' : 'EN', hindi ? 'Hindi' : 'English', hindi ? 'English' : 'Hindi')}
            >
              {hindi ? 'हिं' : 'EN'}
            </button>
            <button
              type="button"
              onClick={() => (voice.listening ? voice.stop() : voice.start())}
              aria-pressed={voice.listening}
              aria-label={voice.listening ? searchTexts.voiceStop : searchTexts.voiceStart}
              title={voice.listening ? searchTexts.voiceStop : searchTexts.voiceStart}
              className={`rounded-full p-1 ${voice.listening ? 'animate-pulse bg-primary text-on-primary' : 'hover:bg-surface'}`}
            >
              <MicIcon />
            </button>
          </>
        ) : null}
        <button type="submit" aria-label="Search" className="rounded-full p-1 hover:bg-surface">
          <SearchIcon />
        </button>
      </form>
      {showList ? (
        <div
          id={listId}
          role="listbox"
          aria-label={term ? 'Suggestions' : searchTexts.recent}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-80 overflow-auto rounded-lg border border-text/10 bg-background py-1 text-text shadow-lg"
        >
          {!term ? (
            <div role="presentation" className="px-3 py-1 font-semibold text-muted text-xs uppercase">
              {searchTexts.recent}
            </div>
          ) : null}
          {options.map((o, i) => (
            <div
              key={`${o.kind}-${o.text}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              data-kind={o.kind}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(o.text)}
              onKeyDown={() => {}}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? 'bg-surface' : 'hover:bg-surface'}`}
            >
              <span className="shrink-0 text-muted">{o.kind === 'recent' ? <ClockIcon /> : <SearchIcon size={16} />}</span>
              <span className="truncate">{o.text}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

function SearchIcon({ size = 20 }: { size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

function MicIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
  );
}
