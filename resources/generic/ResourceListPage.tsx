import NotFound from '../../src/pages/NotFound';
import type { PageProps } from '../../src/routing/pageProps';
import { dialogs } from '../dialogs';
import { detailsOf, findResource } from '../registry';
import { MasterDetail } from './MasterDetail';
import { ResourceList } from './ResourceList';

/**
 * The generic page of a declarative resource: the menu names the resource, the registry defines
 * it. A resource with a detail resource gets the master–detail layout.
 */
export default function ResourceListPage({ route }: PageProps) {
  const definition = findResource(route.resource);
  if (!definition) return <NotFound />;
  const [detail] = detailsOf(definition);
  if (detail) return <MasterDetail master={definition} detail={detail} title={route.title} dialogs={dialogs} />;
  return (
    <div className="console-page">
      <ResourceList definition={definition} title={route.title} dialogs={dialogs} />
    </div>
  );
}
