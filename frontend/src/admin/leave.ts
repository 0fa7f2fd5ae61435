/** How the back office leaves for the main app (a full page load; tests pass their own), for links that go there. */
import { createContext, useContext } from 'react';

export const pageLoad = (path: string) => window.location.assign(path);

export const LeaveContext = createContext<(path: string) => void>(pageLoad);

export const useLeave = () => useContext(LeaveContext);
