/** Stand-in page content for the layouts' stories: a heading, text and one link to tab to. */
export function SamplePage({ title = 'Your voice, in any voice' }: { title?: string }) {
  return (
    <div style={{ maxWidth: '48rem', margin: '0 auto', padding: '40px 16px' }}>
      <h1>{title}</h1>
      <p>
        Record or upload audio, or type text, and convert it into marketplace voices with the accent, narration style
        and pitch you choose.
      </p>
      <p>
        <a href="#pricing-details">Compare plans</a>
      </p>
    </div>
  );
}
