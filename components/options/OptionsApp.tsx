export function OptionsApp() {
  return (
    <main>
      <h1>Handoff options</h1>
    </main>
  );
}
