import { useEffect, useState } from 'react';
import { SCROLL_STYLE_THRESHOLD } from './landing-chrome';

/** The landing header's state: its scrolled look and whether the mobile menu is open. */
export function useLandingHeader() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_STYLE_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return { scrolled, menuOpen, setMenuOpen };
}
