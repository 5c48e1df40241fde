import type { ReactNode } from 'react';
import { AuthLayout } from '../../../../design-system/index.ts';
import { useHydrated } from '../../../shared/hydrated.ts';
import { SiteFooter } from '../../../shared/site-footer/site-footer.tsx';
import * as s from './auth.css.ts';

export interface AuthPageProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}

/**
 * A sign-in page in the AuthLayout, with the one footer of the site. A page prerendered at build time paints
 * before its code has loaded; until React has hydrated it, the form keeps its room but stays hidden, since
 * what a visitor typed into it then would be dropped by the first render (its fields hold their own state).
 */
export function AuthPage({ title, description, children, aside }: AuthPageProps) {
  const hydrated = useHydrated();
  return (
    <AuthLayout title={title} description={description} aside={aside} footer={<SiteFooter />}>
      <div className={hydrated ? s.formArea : s.formAreaWaiting}>{children}</div>
    </AuthLayout>
  );
}
