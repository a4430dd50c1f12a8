/** Where the template calls live (SPEC §7 Other: POST /v2/js/template/create and its reads): contract/paths.ts. */
export { TEMPLATE_ENDPOINT } from '../../contract/paths';
/** The Refine resource the template lists are cached under (publishing refreshes them). */
export const TEMPLATE_RESOURCE = 'template';
