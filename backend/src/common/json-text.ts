import type { Response } from 'express';

/**
 * Sends a JSON answer the database already wrote (json_agg), with the status, content type and charset res.json
 * would use. The handler's @ApiOkResponse says what the text holds, since its return type no longer can.
 */
export function sendJsonText(res: Response, json: string): void {
  res.type('json').send(json);
}
