import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { poolsQueryOptions } from '../api/pools';
import { currentPool, poolHref } from '../api/current-pool';

/**
 * The header's pool switcher (docs/adr/015): the pool this page shows; tapped, the pools I play in
 * (each opens at its dashboard) and My pools. A sheet (the dialog the header already loads for
 * "More"), a menu under the button on a wide screen.
 */
export function PoolSwitcher() {
  const pools = useQuery(poolsQueryOptions());
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!pools.data) return null;
  const here = currentPool();
  const current = pools.data.find((pool) => pool.address === here);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          ref={trigger}
          type="button"
          className="pool-switcher__trigger"
          aria-label={`Pool: ${current?.name ?? 'none'}. Switch pool`}
          data-testid="pool-switcher"
        >
          <span className="pool-switcher__name">{current?.name ?? 'Pools'}</span>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay pool-switcher__overlay" />
        <Dialog.Content
          className="pool-switcher__menu"
          style={under(trigger.current)}
          aria-describedby={undefined}
        >
          <Dialog.Title className="pool-switcher__label">Your pools</Dialog.Title>
          <ul className="pool-switcher__list">
            {pools.data.map((pool) => (
              <li key={pool.address}>
                <a
                  className="pool-switcher__item"
                  href={poolHref(pool.address)}
                  aria-current={pool.address === here ? 'true' : undefined}
                >
                  <span>{pool.name}</span>
                  {pool.address === here && <span aria-hidden="true">✓</span>}
                </a>
              </li>
            ))}
          </ul>
          <div className="pool-switcher__separator" />
          <Link to="/pools" className="pool-switcher__item" onClick={() => setOpen(false)}>
            My pools
          </Link>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** On a wide screen the list opens under the button (styles.css); on a phone it is a bottom sheet. */
function under(button: HTMLElement | null): CSSProperties | undefined {
  if (button === null) return undefined;
  const { left, bottom } = button.getBoundingClientRect();
  return { '--pool-menu-left': `${left}px`, '--pool-menu-top': `${bottom + 6}px` } as CSSProperties;
}

/**
 * A signed-in page of a pool I am not in (or that does not exist) says so once, instead of each of
 * its calls failing with 404 POOL_NOT_FOUND; My pools is one tap away.
 */
export function PoolGate({ children }: { children: ReactNode }) {
  const pools = useQuery(poolsQueryOptions());
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const here = currentPool();
  // My pools is the person's own page, whatever pool the address names.
  if (pathname === '/pools' || !pools.data) return children;
  const pool = pools.data.find((mine) => mine.address === here);
  if (pool?.archived)
    return (
      <>
        <p className="notice notice--info archived-notice" role="status">
          {pool.name} is archived: its history stays readable, and nothing in it changes.
        </p>
        {children}
      </>
    );
  if (pool) return children;
  return (
    <section className="not-found" aria-labelledby="no-pool-title">
      <p className="not-found__code">404</p>
      <h1 id="no-pool-title">Pool Not Found</h1>
      <p>There is no pool at this address, or you are not one of its members.</p>
      <div className="button-row">
        <a href="/pools" className="button button--primary">
          My pools
        </a>
      </div>
    </section>
  );
}
