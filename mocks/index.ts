export { ADMIN, createBridge, type Bridge, type BridgeOptions, type CallOptions, type NewUser, type RecordedRequest } from './bridge';
