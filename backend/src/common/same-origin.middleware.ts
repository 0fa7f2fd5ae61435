import type { NextFunction, Request, Response } from 'express';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence: a state-changing request that a browser sends from a foreign page carries that page's Origin
 * (or Sec-Fetch-Site: cross-site) and is refused. Requests without either (API consumers, curl) are let through;
 * they cannot ride on a victim's cookie.
 */
export function sameOrigin(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get('origin');
    const own = `${req.protocol}://${req.get('host')}`;
    const foreignOrigin = origin !== undefined && origin !== 'null' ? origin !== allowed && origin !== own : origin === 'null';
    if (foreignOrigin || req.get('sec-fetch-site') === 'cross-site') {
      res.status(403).json({ message: 'Forespørsel fra fremmed opprinnelse avvist', code: 'foreign_origin' });
      return;
    }
    next();
  };
}
