import { createBrowserRouter, type RouteObject } from 'react-router';
import { Landing } from './landing.tsx';
import { NotFound } from './not-found.tsx';

/** The route table. Guarded routes join it with the session issue; the catch-all stays last. */
export const routes: RouteObject[] = [
  { path: '/', element: <Landing /> },
  { path: '*', element: <NotFound /> },
];

export const createRouter = () => createBrowserRouter(routes);
