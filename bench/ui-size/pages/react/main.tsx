import { useState } from 'react';
import { createRoot } from 'react-dom/client';

// The floor: the same page with plain elements and no styling library.
function Page() {
  const [dark, setDark] = useState(false);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [toast, setToast] = useState(false);
  const next = dark ? 'light' : 'dark';
  return (
    <main>
      <button
        type="button"
        title={`Switch to ${next} mode`}
        aria-label={`Switch to ${next} mode`}
        onClick={() => setDark(!dark)}
      >
        {dark ? '☀' : '☾'}
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete student
      </button>
      {open && (
        <div role="alertdialog" aria-modal="true" aria-labelledby="t">
          <h2 id="t">Delete this student?</h2>
          <p>Sok Dara and all of her scores will be removed.</p>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              setLoading(true);
              setTimeout(() => {
                setLoading(false);
                setToast(true);
                setTimeout(() => setToast(false), 5000);
              }, 800);
            }}
          >
            Delete
          </button>
        </div>
      )}
      {loading && <div role="status">Loading...</div>}
      {toast && <div role="status">Student deleted</div>}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
