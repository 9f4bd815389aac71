import { Link } from '@tanstack/react-router';
import './admin-panels.css';

/** Every admin screen, with what it is for. */
const adminPages = [
  {
    to: '/admin',
    title: 'Admin',
    description: 'Users, invitations, schedule, options, results, prizes and live results.',
  },
  {
    to: '/period-management',
    title: 'Period Management',
    description: 'Activate, complete and reopen matchweeks.',
  },
  {
    to: '/competition-setup',
    title: 'Competition Setup',
    description: 'Create the 38 periods and the 760 team options.',
  },
  { to: '/admin-dashboard', title: 'Admin Dashboard', description: 'Setup and shortcuts on one page.' },
  { to: '/simple-admin', title: 'Simple Admin', description: 'This list of admin pages.' },
] as const;

export function AdminLinks({ exclude }: { exclude?: string }) {
  return (
    <ul className="admin-links" aria-label="Admin pages">
      {adminPages
        .filter((page) => page.to !== exclude)
        .map((page) => (
          <li key={page.to} className="admin-links__item">
            <Link to={page.to} className="admin-links__link">
              {page.title}
            </Link>
            <span className="muted">{page.description}</span>
          </li>
        ))}
    </ul>
  );
}
