export function SiteFooter() {
  return (
    <footer className="border-top py-3 text-center text-body-secondary small">
      © {new Date().getFullYear()} ChurchTrades
    </footer>
  );
}
