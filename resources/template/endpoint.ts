/** Where the template calls live (SPEC §7 Other: POST /v2/js/template/create and its reads). */
export const TEMPLATE_ENDPOINT = '/v2/js/template';
/** The Refine resource the template lists are cached under (publishing refreshes them). */
export const TEMPLATE_RESOURCE = 'template';
