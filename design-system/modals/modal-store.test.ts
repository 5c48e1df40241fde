import { describe, expect, it } from 'vitest';
import { createModalStore, openModalIds } from './modal-store.ts';

describe('modal store', () => {
  it('opens a modal by id with its data', () => {
    const store = createModalStore();

    store.trigger.open({ id: 'renameProject', data: { projectId: 7 } });

    expect(store.getSnapshot().context.renameProject).toEqual({ open: true, data: { projectId: 7 } });
    expect(openModalIds(store.getSnapshot().context)).toEqual(['renameProject']);
  });

  it('closes one modal, drops its data and leaves the others open', () => {
    const store = createModalStore();
    store.trigger.open({ id: 'renameProject', data: { projectId: 7 } });
    store.trigger.open({ id: 'getHelp' });

    store.trigger.close({ id: 'renameProject' });

    const { context } = store.getSnapshot();
    expect(context.renameProject).toEqual({ open: false });
    expect(context.getHelp?.open).toBe(true);
  });

  it('closing a modal that is not open changes nothing', () => {
    const store = createModalStore();
    const before = store.getSnapshot().context;

    store.trigger.close({ id: 'deleteFolder' });

    expect(store.getSnapshot().context).toBe(before);
  });

  it('closes every modal at once', () => {
    const store = createModalStore();
    store.trigger.open({ id: 'information', data: 'x' });
    store.trigger.open({ id: 'whatIs:accent' });

    store.trigger.closeAll();

    expect(openModalIds(store.getSnapshot().context)).toEqual([]);
    expect(store.getSnapshot().context.information).toEqual({ open: false });
  });

  it('keeps open modals in opening order, a reopened one last', () => {
    const store = createModalStore();
    store.trigger.open({ id: 'projectInfo' });
    store.trigger.open({ id: 'errorInfo' });
    store.trigger.open({ id: 'projectInfo', data: 2 });

    expect(openModalIds(store.getSnapshot().context)).toEqual(['errorInfo', 'projectInfo']);
    expect(store.getSnapshot().context.projectInfo?.data).toBe(2);
  });
});
