// The stored theme, applied before the first paint of every page, prerendered or not. The CSP
// allows no inline script, so this is a tiny blocking file in <head> (src/lib/theme.tsx owns the
// same rule for the running app).
try {
  var dark = window.localStorage.getItem('theme') === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
} catch {
  // storage unavailable: the light default stands
}
