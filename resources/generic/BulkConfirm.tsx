/**
 * Asks before a bulk action touches rows, naming how many (the checked ones, or every row the
 * filters match); a field set to a value typed here holds that field's own input, checked by its
 * rule before anything is sent. When the server refuses (nothing was saved: rows a save would
 * refuse, a changed count, too many rows), the dialog stays open with the server's message and each
 * refused row (its name, or id, and why). Loaded on first use, like the other dialogs of the list.
 */
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import { useCustomMutation, useTranslate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Form, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState, type ReactNode } from 'react';
import type { BulkRefusal } from '../../contract/bulkUpdate';
import type { BulkSaveStep } from './useBulkSaveStep';
import { targetBody, targetCount, type BulkTarget } from './bulkTarget';
import './generic.css';

/** The input of a field set to one value on every row. */
export interface BulkInput {
  label: string;
  /** The field's own rules (from the contract); a value is always required. */
  rules: Rule[];
  control: ReactNode;
}

export interface BulkConfirmProps {
  title: string;
  /** The question, naming the count. */
  question: string;
  /** The call (POST): the rows go as `ids` or `match` + `expected`, beside `body(value)`. */
  url: string;
  target: BulkTarget;
  /** The rest of the request, from the typed value when there is an input. */
  body: (value: unknown) => Record<string, unknown>;
  input?: BulkInput;
  okText?: string;
  danger?: boolean;
  /** The success message for the rows written. */
  doneMessage: (count: number) => string;
  open: boolean;
  /** Called once the rows are written (the list clears its selection and reloads). */
  onDone: () => void;
  /** Called when the server refused (the list reloads: its count may have changed). */
  onRefused?: () => void;
  onClose: () => void;
  afterClose?: () => void;
  /** Its definition's save step for this change (./useBulkSaveStep.tsx): shown first, its parameters sent. */
  step?: BulkSaveStep;
}

interface Refusal {
  message: string;
  rows: readonly BulkRefusal[];
}

/** '所选 3 条记录' or '筛选出的全部 120 条记录': the rows a question names. */
export function useRowsPhrase(target: BulkTarget): string {
  const t = useTranslate();
  return t(target.kind === 'match' ? 'bulk.rows.matching' : 'bulk.rows.checked', { count: targetCount(target) });
}

/** How many rows the answer says were written (`updated`, `deleted`), else the count asked for. */
function writtenCount(answer: unknown, asked: number): number {
  const data = answer as { updated?: unknown; deleted?: unknown } | null | undefined;
  const count = data?.updated ?? data?.deleted;
  return typeof count === 'number' ? count : asked;
}

export function BulkConfirm({ title, question, url, target, body, input, okText, danger, doneMessage, open, onDone, onRefused, onClose, afterClose, step }: BulkConfirmProps) {
  const t = useTranslate();
  const [form] = Form.useForm<{ value: unknown }>();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, Record<string, unknown>>();
  const [refusal, setRefusal] = useState<Refusal>();
  const count = targetCount(target);
  const refusalOf = (failure: unknown): Refusal => {
    const error = failure as Partial<HttpError> | null;
    const rows = (error?.data as { refused?: BulkRefusal[] } | undefined)?.refused ?? [];
    return { message: error?.message || t(rows.length ? 'bulk.refused' : 'notifications.error'), rows };
  };

  const confirm = async () => {
    // The step has not answered yet.
    if (step && !step.params) return;
    let value: unknown;
    if (input) {
      try {
        value = (await form.validateFields()).value;
      } catch {
        return; // The message is under the input.
      }
    }
    try {
      await mutateAsync({
        url,
        method: 'post',
        values: { ...targetBody(target), ...body(value), ...step?.params },
        successNotification: (answer) => ({ message: doneMessage(writtenCount(answer?.data, count)), type: 'success' }),
        // Shown in the dialog instead.
        errorNotification: false,
      });
      onDone();
      onClose();
    } catch (failure) {
      // Out of date: the step shows anew, saying why.
      if (step?.onRefused(failure)) {
        onRefused?.();
        return;
      }
      setRefusal(refusalOf(failure));
      onRefused?.();
    }
  };
  // The step refused first (the save would refuse the same): shown as the save's refusal.
  const shownRefusal = refusal ?? (step?.failure !== undefined ? refusalOf(step.failure) : undefined);

  return (
    <Modal
      open={open}
      width={480}
      title={title}
      okText={okText ?? t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      // Refused: the question is answered; a changed value asks it again.
      okButtonProps={{ disabled: shownRefusal !== undefined || (step !== undefined && !step.params), danger }}
      confirmLoading={mutation.isPending}
      onOk={confirm}
      onCancel={onClose}
      afterClose={afterClose}
    >
      <div className="generic-confirm">
        <ExclamationCircleFilled className="generic-confirm__icon" />
        <div className="generic-confirm__text">
          <p>{question}</p>
          {input ? (
            <Form form={form} layout="vertical" className="generic-bulk-form" onValuesChange={() => setRefusal(undefined)} requiredMark>
              <Form.Item name="value" label={input.label} required rules={[{ required: true, message: t('bulk.valueRequired', { field: input.label }) }, ...input.rules]} validateFirst>
                {input.control}
              </Form.Item>
            </Form>
          ) : null}
          {step ? <div className="generic-confirm__step">{step.view}</div> : null}
          {shownRefusal ? (
            <div role="alert" className="generic-confirm__refusal">
              {/* The server's message says how many were refused; the list names them. */}
              <p>{shownRefusal.message}</p>
              {shownRefusal.rows.length ? (
                <ul>
                  {shownRefusal.rows.map((row) => (
                    <li key={row.id}>
                      {row.label ?? `#${row.id}`}: {row.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

/** Deleting the checked or matching rows at `url`, asked with how many. */
export function BulkDeleteConfirm({ url, target, ...dialog }: Pick<BulkConfirmProps, 'url' | 'target' | 'open' | 'onDone' | 'onRefused' | 'onClose' | 'afterClose'>) {
  const t = useTranslate();
  const rows = useRowsPhrase(target);
  return (
    <BulkConfirm
      {...dialog}
      title={t('confirm.delete.title')}
      question={t('bulk.deleteRowsQuestion', { rows })}
      url={url}
      target={target}
      body={() => ({})}
      danger
      doneMessage={(count) => t('bulk.deleted', { count })}
    />
  );
}
