export { createMockApi, sha256Hex, type MockApi, type MockApiOptions, type MockApiState, type RecordedRequest } from './api';
export { admin, appRows, BASE_APP_ID, buildMenuTree, dicItemRows, dicRows, paramRows, withChildSpelling, type MenuTreeOptions, type MockUser } from './fixtures';
