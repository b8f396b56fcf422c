export function SidePanelApp() {
  return (
    <main>
      <h1>Handoff</h1>
    </main>
  );
}
