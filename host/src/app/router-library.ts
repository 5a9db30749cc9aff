/*
 * What the host's browser code takes from the router library, named once here so the page's
 * start can evaluate the library in a step of its own (index.ts) without keeping the whole
 * package: a namespace import of it would add 33 KB gzip to the page's script.
 */
export {
  createBrowserRouter,
  Link,
  NavLink,
  Outlet,
  RouterProvider,
  useNavigate,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
