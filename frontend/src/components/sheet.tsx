import { useEffect, useId, useRef, type CSSProperties, type MouseEvent, type ReactNode } from 'react';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  titleClassName: string;
  className: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A modal sheet or menu of the header ("More", the pool switcher) on the browser's own `<dialog>`:
 * the page behind is inert and Escape closes it, with no dialog library in the code every page
 * loads first (W7). It is in the page only while open; closed, focus goes back where it was.
 */
export function Sheet({ open, ...props }: SheetProps) {
  return open ? <OpenSheet {...props} /> : null;
}

function OpenSheet({
  onOpenChange,
  title,
  titleClassName,
  className,
  style,
  children,
}: Omit<SheetProps, 'open'>) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // (A test's DOM may have no showModal: the sheet is then shown, without the inert page.)
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => before?.focus();
  }, []);
  const outside = (event: MouseEvent<HTMLDialogElement>) => {
    // A tap on the backdrop reaches the dialog itself, as one on its padding does: told apart by where.
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) onOpenChange(false);
  };
  return (
    <dialog
      ref={dialog}
      className={`sheet ${className}`}
      style={style}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      onClick={outside}
    >
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
