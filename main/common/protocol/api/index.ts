// One import path for every request and response schema of the two services.
export * from './app-data';
export * from './by-uids';
export * from './cancellation';
export * from './errors';
export * from './notifications';
export * from './order';
export * from './order-creation';
export * from './primitives';
export * from './quote';
export * from './solver-competition';
export * from './token';
export * from './trades';
export * from './yield';
