/**
 * `privacy`: personal data arrives masked; a holder of the reveal element asks the server for one
 * record unmasked (the server records it), from the show view's header or a related list's row.
 */
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import { useCan, useCustom, useInvalidate, useTranslate, type BaseKey } from '@refinedev/core';
import { Button, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { endpointOf, type ResourceDefinition } from '../../define';
import type { Row } from '../rowTypes';
import type { ConsoleFeature, ShowPart } from './feature';

const REVEAL = 'reveal';

/**
 * After a reveal the server has recorded it: the log of `definition` (shown as a related tab, or
 * its own screen) is fetched again, so the new entry shows without reopening the view.
 */
function useRevealLogRefresh(): (definition: ResourceDefinition) => void {
  const invalidate = useInvalidate();
  return useCallback(
    (definition: ResourceDefinition) => {
      if (definition.privacy) void invalidate({ resource: definition.privacy.log.resource, invalidates: ['list'] });
    },
    [invalidate],
  );
}

/** Asks for one record unmasked; the answer replaces the masked values until the view closes. */
function useReveal(definition: ResourceDefinition, id: BaseKey | undefined) {
  const [asked, setAsked] = useState(false);
  const { query } = useCustom<Row>({
    url: `${endpointOf(definition)}/reveal`,
    method: 'get',
    config: { query: { id } },
    queryOptions: { enabled: asked && id !== undefined && definition.privacy !== undefined, retry: false, gcTime: 0, staleTime: 0 },
  });
  return { revealed: asked ? query.data?.data : undefined, reveal: () => setAsked(true), isRevealing: asked && query.isFetching };
}

function RevealButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const t = useTranslate();
  const label = t('resources.show.revealRow');
  return (
    <Tooltip title={label}>
      <Button size="small" type="text" icon={<EyeOutlined />} aria-label={label} loading={loading} onClick={onClick} />
    </Tooltip>
  );
}

/** One related row's reveal (its own record on the server, recorded there). */
function RevealCell({ definition, row, onRevealed }: { definition: ResourceDefinition; row: Row; onRevealed: (row: Row) => void }) {
  const { revealed, reveal, isRevealing } = useReveal(definition, row.id);
  useEffect(() => {
    if (revealed) onRevealed(revealed);
  }, [revealed, onRevealed]);
  return <RevealButton onClick={reveal} loading={isRevealing} />;
}

/** The show view's reveal: the header's button (until revealed), then the record unmasked with a warning. */
function useRevealShow(definition: ResourceDefinition, id: BaseKey): ShowPart {
  const t = useTranslate();
  const canReveal = useCan({ resource: definition.name, action: REVEAL, queryOptions: { enabled: definition.privacy !== undefined } }).data?.can === true;
  const { revealed, reveal, isRevealing } = useReveal(definition, id);
  const refreshLog = useRevealLogRefresh();
  useEffect(() => {
    if (revealed) refreshLog(definition);
  }, [revealed, definition, refreshLog]);
  return {
    record: revealed,
    actions:
      canReveal && definition.privacy && !revealed ? (
        <Button icon={<EyeOutlined />} loading={isRevealing} onClick={reveal}>
          {t('resources.show.reveal')}
        </Button>
      ) : undefined,
    notice: revealed ? t('resources.show.revealed') : undefined,
    grants: canReveal ? [REVEAL] : [],
  };
}

/** A related list's reveal column, for a holder of the master's reveal element when the related rows are masked too. */
function useRevealColumn(related: ResourceDefinition, grants: ReadonlySet<string>, replace: (row: Row) => void) {
  const t = useTranslate();
  const refreshLog = useRevealLogRefresh();
  const onRevealed = useCallback(
    (row: Row) => {
      replace(row);
      refreshLog(related);
    },
    [related, refreshLog, replace],
  );
  if (!grants.has(REVEAL) || !related.privacy) return undefined;
  return {
    key: '__reveal',
    title: t('resources.actions'),
    width: 64,
    align: 'center' as const,
    render: (_value: unknown, row: Row) => <RevealCell definition={related} row={row} onRevealed={onRevealed} />,
  };
}

export const privacyFeature: ConsoleFeature = { key: 'privacy', useShow: useRevealShow, useRelatedColumn: useRevealColumn };
