import {
  Alert,
  Backdrop,
  Button,
  CircularProgress,
  CssBaseline,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Snackbar,
  ThemeProvider,
  Tooltip,
  createTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Page({ mode, onToggle }: { mode: 'light' | 'dark'; onToggle: () => void }) {
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [toast, setToast] = useState(false);
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <main>
      <Tooltip title={`Switch to ${next} mode`}>
        <IconButton aria-label={`Switch to ${next} mode`} onClick={onToggle}>
          {mode === 'dark' ? '☀' : '☾'}
        </IconButton>
      </Tooltip>
      <Button color="error" variant="contained" onClick={() => setOpen(true)}>
        Delete student
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} role="alertdialog">
        <DialogTitle>Delete this student?</DialogTitle>
        <DialogContent>
          <DialogContentText>Sok Dara and all of her scores will be removed.</DialogContentText>
        </DialogContent>
        <DialogActions>
          {/* The safe choice first, as in the other builds. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <Button autoFocus onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            color="error"
            onClick={() => {
              setOpen(false);
              setLoading(true);
              setTimeout(() => {
                setLoading(false);
                setToast(true);
              }, 800);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <Backdrop open={loading} sx={{ zIndex: 2000 }}>
        <CircularProgress aria-label="Loading..." />
      </Backdrop>
      <Snackbar open={toast} autoHideDuration={5000} onClose={() => setToast(false)}>
        <Alert severity="success" onClose={() => setToast(false)}>
          Student deleted
        </Alert>
      </Snackbar>
    </main>
  );
}

function App() {
  const [mode, setMode] = useState<'light' | 'dark'>('light');
  const theme = useMemo(() => createTheme({ palette: { mode } }), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Page mode={mode} onToggle={() => setMode(mode === 'dark' ? 'light' : 'dark')} />
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
