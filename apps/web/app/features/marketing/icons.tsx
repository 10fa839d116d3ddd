// Small line icons of the marketing pages (decorative: the text beside each says what it means).
const paths: Record<string, string> = {
  Simple: 'M5 12l4 4L19 6',
  Showcase: 'M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6',
  Manage: 'M4 6h16M4 12h16M4 18h10',
  Support: 'M4 14v-2a8 8 0 0116 0v2M4 14h3v5H4zM17 14h3v5h-3z',
  Listing: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  Management: 'M12 3v3M12 18v3M3 12h3M18 12h3M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2M12 9a3 3 0 100 6 3 3 0 000-6z',
  Insights: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  Marketing: 'M3 11l15-6v14L3 13zM7 13v5h3',
  Responsive: 'M7 3h10v18H7zM11 18h2',
  Fast: 'M13 2L4 14h7l-1 8 9-12h-7z',
  Reliable: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z',
  Scalable: 'M4 20h4v-6H4zM10 20h4V9h-4zM16 20h4V4h-4z',
  Secure: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  Mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  Clock: 'M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z',
  Check: 'M5 12l4 4L19 6',
};

export function Icon({ name, className = 'size-6' }: { name: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name] ?? paths.Check} />
    </svg>
  );
}
