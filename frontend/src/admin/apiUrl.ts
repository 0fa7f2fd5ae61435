/** The API root the back office was mounted with, for plain links (downloads opened in a new tab). */
import { createContext, useContext } from 'react';

export const ApiUrlContext = createContext('/api');

export const useApiUrl = () => useContext(ApiUrlContext);
