import { useCanWithoutCache } from '@refinedev/core';
import { useEffect, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/**
 * Which of a resource's row actions the caller may use (page elements `<resource>:<action>`),
 * asked of the access control provider in one go. Until it answers, none.
 */
export function useRowActionAccess(resource: string, actions: readonly string[]): ReadonlySet<string> {
  const { can } = useCanWithoutCache();
  const wanted = actions.join(',');
  const [answer, setAnswer] = useState<{ question: string; granted: ReadonlySet<string> }>();
  const question = `${resource}|${wanted}`;

  useEffect(() => {
    if (!wanted) return;
    const names = wanted.split(',');
    let current = true;
    // Without an access control provider everything is allowed (as Refine's useCan answers).
    const ask = async (action: string) => (can ? (await can({ resource, action })).can : true);
    Promise.all(names.map((action) => ask(action).catch(() => false))).then((answers) => {
      if (current) setAnswer({ question, granted: new Set(names.filter((_, i) => answers[i])) });
    });
    return () => {
      current = false;
    };
  }, [can, resource, wanted, question]);

  return answer?.question === question ? answer.granted : NONE;
}
