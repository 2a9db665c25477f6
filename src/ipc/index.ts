/** The IPC contract and its Result and error types. */
export * from './result.ts';
export * from './channel.ts';
export * from './contract.ts';
