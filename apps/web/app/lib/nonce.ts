import { createContext, useContext } from 'react';

/**
 * The Content Security Policy nonce of the page being rendered on the server (the hosting server
 * makes one per answer and puts it in the policy). The browser never needs it: scripts it adds
 * later come from this origin's files.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
