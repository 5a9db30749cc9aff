import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.ts';
import { type ImportGraph, type ProductPath, tracePath } from './trace-paths.ts';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

// A page server asks a worker; the worker loads a host entry; the host's slot loads a slice.
const workspace = graphOf({
  'server/app.ts': ['server/pool.ts', 'server/health.ts'],
  'server/pool.ts': ['server/channel.ts'],
  'server/channel.ts': [],
  'server/health.ts': ['server/channel.ts'],
  'server/worker.ts': [],
  'host/entry.ts': ['host/router.ts'],
  'host/router.ts': ['host/home.ts', 'host/other-page.ts'],
  'host/home.ts': ['host/slot.ts'],
  'host/other-page.ts': ['host/slot.ts'],
  'host/slot.ts': [],
  'slice/calculator.ts': ['shared/api.ts'],
  'shared/api.ts': [],
});

const path = (legs: ProductPath['legs']): ProductPath => ({ name: 'a path', legs });

describe('a path measured from the imports', () => {
  it('holds the files on an import route between its steps, not the routes beside them', () => {
    const traced = tracePath(
      workspace,
      path([
        { from: 'server/app.ts', to: 'server/pool.ts' },
        { from: 'host/entry.ts', to: 'host/home.ts' },
        { from: 'host/home.ts', to: 'host/slot.ts' },
      ]),
    );
    expect(traced.files).toEqual([
      'host/entry.ts',
      'host/home.ts',
      'host/router.ts',
      'host/slot.ts',
      'server/app.ts',
      'server/pool.ts',
    ]);
    expect(traced.folders).toBe(2);
    expect(traced.packages).toEqual(['host', 'server']);
    expect(traced.unreached).toEqual([]);
  });

  it('counts every route between two steps when the step between them is left unsaid', () => {
    const traced = tracePath(workspace, path([{ from: 'host/entry.ts', to: 'host/slot.ts' }]));
    expect(traced.files).toContain('host/other-page.ts');
  });

  it('leaves out a longer way round: a module imported for one constant is not the way', () => {
    const graph = graphOf({
      'slice/order.ts': ['shared/request.ts', 'shared/account-keys.ts'],
      'shared/account-keys.ts': ['shared/cards.ts'],
      'shared/cards.ts': ['shared/request.ts'],
      'shared/request.ts': [],
    });
    const traced = tracePath(graph, path([{ from: 'slice/order.ts', to: 'shared/request.ts' }]));
    expect(traced.files).toEqual(['shared/request.ts', 'slice/order.ts']);
  });

  it('says so when a step no longer reaches the next, or names a file that is gone', () => {
    const traced = tracePath(
      workspace,
      path([
        { from: 'server/pool.ts', to: 'server/app.ts' },
        { from: 'host/slot.ts', to: 'slice/gone.ts', how: 'loads it', kind: 'runs' },
      ]),
    );
    expect(traced.unreached).toEqual([
      'server/pool.ts → server/app.ts',
      'slice/gone.ts is no file the workspace runs',
    ]);
  });

  it('joins places no import joins through the hand-offs it names', () => {
    const traced = tracePath(
      workspace,
      path([
        { from: 'server/channel.ts', to: 'server/worker.ts', how: 'a child process', kind: 'runs' },
        { from: 'host/slot.ts', to: 'slice/calculator.ts', how: 'federation', kind: 'runs' },
        { from: 'slice/calculator.ts', to: 'shared/api.ts' },
      ]),
    );
    expect(traced.packages).toEqual(['host', 'server', 'shared', 'slice']);
    expect(traced.turnBacks).toEqual([]);
  });

  it('turns back where it runs code of a package it has left, and lists a function called back apart', () => {
    const down: ProductPath['legs'] = [
      { from: 'server/channel.ts', to: 'host/entry.ts', how: 'loads the entry', kind: 'runs' },
      { from: 'host/entry.ts', to: 'host/router.ts' },
      { from: 'host/slot.ts', to: 'server/pool.ts', how: 'a new page', kind: 'new page' },
    ];
    const back = { from: 'host/router.ts', to: 'server/worker.ts', how: 'the fetch handed down' };
    const calledBack = tracePath(workspace, path([...down, { ...back, kind: 'calls back' }]));
    expect(calledBack.turnBacks).toEqual([]);
    expect(calledBack.callBacks).toEqual(['host → server (the fetch handed down)']);

    const ranBack = tracePath(workspace, path([...down, { ...back, kind: 'runs' }]));
    expect(ranBack.turnBacks).toEqual(['server → host → … → server', 'host → server → … → host']);
  });
});

describe("the workspace's import graph", () => {
  it('keeps what runs: no type-only import, test, core or registry module', () => {
    const graph = importGraph([
      {
        source: 'host/a.ts',
        dependencies: [
          {
            resolved: 'host/b.ts',
            coreModule: false,
            couldNotResolve: false,
            dependencyTypes: ['local', 'import'],
          },
          {
            resolved: 'host/types.ts',
            coreModule: false,
            couldNotResolve: false,
            dependencyTypes: ['local', 'type-only', 'import'],
          },
          {
            resolved: 'host/testing/fake.ts',
            coreModule: false,
            couldNotResolve: false,
            dependencyTypes: ['local', 'import'],
          },
          {
            resolved: 'node:fs',
            coreModule: true,
            couldNotResolve: false,
            dependencyTypes: ['core'],
          },
          {
            resolved: 'node_modules/react/index.js',
            coreModule: false,
            couldNotResolve: false,
            dependencyTypes: ['npm'],
          },
        ],
      },
      { source: 'host/a.test.ts', dependencies: [] },
    ]);
    expect([...graph]).toEqual([['host/a.ts', ['host/b.ts']]]);
  });
});
