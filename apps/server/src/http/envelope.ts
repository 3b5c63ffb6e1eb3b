import { statusName, type Envelope } from '@churchtrades/shared/envelope';

export function envelope<T>(statusCode: number, message: string, data: T): Envelope<T> {
  return { timeStamp: new Date().toISOString(), statusCode, status: statusName(statusCode), message, data };
}
