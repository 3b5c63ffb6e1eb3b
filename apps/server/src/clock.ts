/** Where services read the time, so a test can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
