/**
 * react-admin's routing primitives, taken from the app's own router.
 *
 * ra-core reaches its router through a `RouterProvider` whose default (ra-core's react-router adapter) can also
 * build a hash-based data router for an admin that runs without one. This app always mounts the back office inside
 * its BrowserRouter (App.tsx), so that fallback never runs, yet it pulled react-router's whole data-router half into
 * the chunk every screen loads (about 18 kB gzip, the login page included). vite.config.ts therefore resolves
 * ra-core's adapter module to this one: the same hooks and components, without a router of its own.
 *
 * Blocking navigation needs a data router; under a BrowserRouter react-admin's own check (`useCanBlock`) answers
 * false and its forms skip the unsaved-changes prompt, so `useBlocker` is never reached and reports 'unblocked'.
 */
import { createElement, Fragment, useCallback, useEffect, useRef } from 'react';
import type { RouterBlocker, RouterNavigateFunction, RouterProvider, RouterWrapperProps } from 'ra-core';
import { Link, matchPath, Navigate, Outlet, Route, Routes, useInRouterContext, useLocation, useMatch, useNavigate, useParams } from 'react-router';

const UNBLOCKED: RouterBlocker = { state: 'unblocked', reset: undefined, proceed: undefined, location: undefined };

/**
 * react-router's navigate function changes on every navigation; react-admin keeps it in effects' dependencies, so a
 * stable function that always calls the newest one saves those effects from re-running on each route change.
 */
function useStableNavigate(): RouterNavigateFunction {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback<RouterNavigateFunction>((to, options) => {
    if (typeof to === 'number') void latest.current(to);
    else void latest.current(to, options);
  }, []);
}

function RouterWrapper({ children }: RouterWrapperProps) {
  if (!useInRouterContext()) throw new Error('The back office must be rendered inside the app router (App.tsx)');
  return createElement(Fragment, null, children);
}

export const appRouterProvider: RouterProvider = {
  useLocation,
  useNavigate: useStableNavigate,
  useParams: useParams as RouterProvider['useParams'],
  useBlocker: () => UNBLOCKED,
  useMatch,
  useInRouterContext,
  useCanBlock: () => false,
  Link: Link as RouterProvider['Link'],
  Navigate: Navigate as RouterProvider['Navigate'],
  Route: Route as RouterProvider['Route'],
  Routes: Routes as RouterProvider['Routes'],
  Outlet,
  matchPath: matchPath as RouterProvider['matchPath'],
  RouterWrapper,
};

/** The name ra-core imports from the module this one stands in for. */
export const reactRouterProvider = appRouterProvider;
