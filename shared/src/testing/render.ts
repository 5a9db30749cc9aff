import { QueryClientProvider } from '@tanstack/react-query';
import {
  type RenderOptions,
  type RenderResult,
  render as renderInDom,
} from '@testing-library/react';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { queryClient } from 'shared/query/query-client';

function PageProviders({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}

/** Testing Library's render inside the providers the host gives every slot: the page's QueryClient. */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  return renderInDom(ui, { wrapper: PageProviders, ...options });
}

/**
 * A slot rendered as the host renders it: with the page's QueryClient and inside the router
 * (a slice's links go through the host's one router), at `path`.
 */
export function renderInRouter(ui: ReactElement, path = '/'): RenderResult {
  return render(createElement(MemoryRouter, { initialEntries: [path] }, ui));
}
