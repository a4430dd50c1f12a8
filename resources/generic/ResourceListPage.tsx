import NotFound from '../../src/pages/NotFound';
import type { PageProps } from '../../src/routing/pageProps';
import { dialogs } from '../dialogs';
import { findResource } from '../registry';
import { ResourceList } from './ResourceList';

/** The generic page of a declarative resource: the menu names the resource, the registry defines it. */
export default function ResourceListPage({ route }: PageProps) {
  const definition = findResource(route.resource);
  return definition ? <ResourceList definition={definition} title={route.title} dialogs={dialogs} /> : <NotFound />;
}
