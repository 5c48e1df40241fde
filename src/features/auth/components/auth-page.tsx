import type { ReactNode } from 'react';
import { AuthLayout } from '../../../../design-system/index.ts';
import { SiteFooter } from '../../../shared/site-footer/site-footer.tsx';

export interface AuthPageProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}

/** A sign-in page in the AuthLayout, with the one footer of the site. */
export function AuthPage({ title, description, children, aside }: AuthPageProps) {
  return (
    <AuthLayout title={title} description={description} aside={aside} footer={<SiteFooter />}>
      {children}
    </AuthLayout>
  );
}
