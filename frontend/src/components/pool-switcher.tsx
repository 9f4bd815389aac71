import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { poolsQueryOptions } from '../api/pools';
import { currentPool, poolHref } from '../api/current-pool';
import { Sheet } from './sheet';

/**
 * The header's pool switcher (docs/adr/015): the pool this page shows; tapped, the pools I play in
 * (each opens at its dashboard) and My pools. A sheet on a phone, like "More"; a menu under the
 * button on a wide screen.
 */
export function PoolSwitcher() {
  const pools = useHeaderPools();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (!pools.data) return null;
  const here = currentPool();
  const current = pools.data.find((pool) => pool.address === here);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="pool-switcher__trigger"
        aria-label={`Pool: ${current?.name ?? 'none'}. Switch pool`}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="pool-switcher"
        onClick={() => setOpen(true)}
      >
        <span className="pool-switcher__name">{current?.name ?? 'Pools'}</span>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        title="Your pools"
        titleClassName="pool-switcher__label"
        className="pool-switcher__menu"
        style={under(trigger.current)}
      >
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
      </Sheet>
    </>
  );
}

/**
 * My pools, as the signed-in route guard has just read them: the header does not read them again
 * as it mounts (My pools' own page does).
 */
function useHeaderPools() {
  return useQuery({ ...poolsQueryOptions(), refetchOnMount: false });
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
  const pools = useHeaderPools();
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
