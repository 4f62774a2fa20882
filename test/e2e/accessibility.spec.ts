import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import axe from 'axe-core';
import { buildDemoSourceRepository } from '../../scripts/local/demo/source-control';
import { sampleTemplate } from '../../shared/sub-models/sample-template';
import { api, idToken, localCloud } from '../support/local-cloud';
import { createEntry } from './support/collaboration';
import { addRunInstance, createRunSetup, executeInstances } from './support/executions';
import { expect, test } from './support/fixtures';
import {
  createGroup,
  createInstance,
  createWebSetup,
  instanceDetailPath,
  instanceEditorPath,
  instanceListPath,
  type WebSetup,
} from './support/instances';
import {
  addSubModel,
  createSubModelEntry,
  definitionEditorPath,
  inputDefinitionListPath,
  putDefinition,
  type SubModelEntry,
  subModelListPath,
} from './support/sub-models';
import { uniqueTag } from './support/unique';

/**
 * axe-core on every screen of the app (issue 9 §33): no serious or critical violation. A new screen
 * joins by adding an entry to one of the groups of SIGNED_IN, or to SIGNED_OUT: its name, its path,
 * the persona that opens it, what shows that it has rendered, and optionally the steps that reach a
 * state of the page (a tab, a dialog).
 *
 * Each group is one test that visits its screens one after another in one page per persona, moving
 * inside the app instead of loading it again (see `visit`), and checks each screen in a step of its
 * own, so that a failure names the screen and lists its violations and the other screens are still
 * checked. A test per screen used to spend most of its time on a new browser context, a new sign-in
 * and loading the whole app (52 screens: 918 s of test time in CI).
 */
interface Screen {
  name: string;
  /** The path; `entry` is the uuid of a model entry created for this spec (the persona owns it). */
  path: (entry: string) => string;
  /** A signed-in persona (default 'owner'). */
  persona?: string;
  /** What is on screen once the page has rendered. */
  ready: (page: Page) => Locator;
  /** Steps after `ready`, such as opening a tab or a dialog. */
  open?: (page: Page) => Promise<void>;
  /** The test's time limit when the screen waits for something slow (a model run). */
  timeout?: number;
  /** The data the screen shows, created once per worker by the first screen that needs it. */
  needs?: Data;
}

/**
 * What the screens show: created through the API when a worker first runs a test with a screen that
 * needs it, so a worker creates only its screens' data (each worker used to create all of it, R run
 * included, even for the signed-out screens).
 */
type Data = 'catalogue' | 'web' | 'run' | 'subs' | 'source';

const needing = (data: Data, screens: Screen[]): Screen[] => screens.map((s) => ({ ...s, needs: data }));

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });
const NOT_FOUND = 'This page does not exist in Model Repository';

/** The signed-in screens by test: each group a few dozen seconds, so that two workers share them evenly. */
const SIGNED_IN: Record<string, Screen[]> = {
  // Sub-models and input definitions (issue 10): a WebModel 2.0 entry of a Python model of their own.
  // The run is started with the test's data, first, and checked last: it completes meanwhile.
  'sub-models, input definitions and a completed run': [
    ...needing('subs', [
      {
        name: 'sub-model list with a selected sub-model',
        path: () => subModelListPath(subs.uuid(), 'scenario', subs.template),
        ready: (page) => page.getByRole('region', { name: 'Sub-model List' }).getByRole('row').nth(1),
      },
      {
        name: 'sub-model list, Add Sub-model dialog with the file picker',
        path: () => subModelListPath(subs.uuid(), 'scenario'),
        ready: (page) => page.getByRole('heading', { level: 1, name: 'Scenario Management' }),
        open: async (page) => {
          await page
            .getByRole('complementary', { name: 'Sub-model actions' })
            .getByRole('button', { name: 'Add Sub-model' })
            .click();
          await page
            .getByRole('dialog', { name: 'Add Sub-model' })
            .getByRole('button', { name: 'Select file' })
            .click();
          await expect(page.getByRole('dialog', { name: 'Select file' })).toBeVisible();
        },
      },
      {
        name: 'sub-model list, Edit Sub-model dialog',
        path: () => subModelListPath(subs.uuid(), 'scenario', subs.template),
        ready: (page) => page.getByRole('region', { name: 'Sub-model List' }).getByRole('row').nth(1),
        open: async (page) => {
          await page
            .getByRole('complementary', { name: 'Sub-model actions' })
            .getByRole('button', { name: 'Edit Sub-model' })
            .click();
          await expect(
            page.getByRole('dialog', { name: 'Edit Sub-model' }).getByLabel('Environment'),
          ).toBeVisible();
        },
      },
      {
        name: 'sub-model list, Delete Sub-model dialog',
        path: () => subModelListPath(subs.uuid(), 'scenario', subs.template),
        ready: (page) => page.getByRole('region', { name: 'Sub-model List' }).getByRole('row').nth(1),
        open: async (page) => {
          await page
            .getByRole('complementary', { name: 'Sub-model actions' })
            .getByRole('button', { name: 'Delete Sub-model' })
            .click();
          await expect(page.getByRole('dialog', { name: 'Delete Sub-model' })).toBeVisible();
        },
      },
      {
        name: 'sub-model list, empty display section',
        path: () => subModelListPath(subs.uuid(), 'display'),
        ready: (page) => page.getByText('No SubModel was found'),
      },
      {
        name: 'input definition list',
        path: () => inputDefinitionListPath(subs.uuid(), subs.template),
        ready: (page) => page.getByRole('link', { name: /Edit input definition/ }),
      },
      {
        name: 'input definition editor, template with a select parameter open',
        path: () => definitionEditorPath(subs.uuid(), subs.template),
        ready: (page) => page.getByRole('heading', { name: /Parameters \(/ }),
        open: async (page) => {
          await page.getByRole('button', { name: /Parameter 7/ }).click();
          await expect(page.getByRole('region', { name: 'Options' })).toBeVisible();
        },
      },
      {
        name: 'input definition editor, an array parameter with problems',
        path: () => definitionEditorPath(subs.uuid(), subs.template),
        ready: (page) => page.getByRole('heading', { name: /Parameters \(/ }),
        open: async (page) => {
          await page.getByRole('button', { name: /Parameter 9/ }).click();
          await page.getByRole('region', { name: 'Parameter' }).getByLabel('Column 1 Text').fill('');
          await expect(page.getByText('Column Text is required')).toBeVisible();
        },
      },
      {
        name: 'input definition editor, raw JSON',
        path: () => definitionEditorPath(subs.uuid(), subs.json),
        ready: (page) => page.getByRole('textbox', { name: 'Input definition JSON' }),
      },
    ]),
    // Executions (issue 11): the detail of a run of the R demo model, with its record and output.
    ...needing('run', [
      {
        name: 'instance detail of a completed run: record, logs',
        path: () => `/model/${run.uuid}/instance/${run.instanceId}/detail`,
        ready: (page) => page.getByRole('heading', { name: 'Input Data' }),
        // The run started with the screen's data (CREATE.run); the page updates itself when it completes.
        timeout: 300_000,
        open: async (page) => {
          const record = page.getByRole('region', { name: 'Reproducibility Record' });
          await expect(record).toBeVisible({ timeout: 240_000 });
          await page.getByRole('button', { name: 'Standard output (stdout)' }).click();
        },
      },
    ]),
  ],
  'model list, model detail and visualization': [
    // The model list and detail show the entries this spec creates (and the retired Oncology card).
    ...needing('catalogue', [
      {
        name: 'model list, Table View',
        path: () => '/model',
        ready: (page) => page.getByRole('table').getByRole('row').nth(1),
      },
      {
        name: 'model list, Dynamic View with its intro dialog',
        path: () => '/model?view=dynamic',
        ready: (page) => page.getByRole('dialog', { name: 'Begin your search with any filter' }),
      },
      {
        name: 'model list, Dynamic View',
        path: () => '/model?view=dynamic',
        ready: (page) => page.getByRole('dialog', { name: 'Begin your search with any filter' }),
        open: async (page) => {
          await page.getByRole('button', { name: 'OK' }).click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
        },
      },
      {
        name: 'model list, Dynamic View with a filter and its result cards',
        path: () => '/model?view=dynamic&f_therapeutic_area=Oncology',
        ready: (page) => page.getByText('Therapeutic Area: Oncology'),
        open: async (page) => {
          const intro = page.getByRole('dialog', { name: 'Begin your search with any filter' });
          if (await intro.isVisible()) await intro.getByRole('button', { name: 'OK' }).click();
          await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'model detail, Text View',
        path: (entry) => `/model/${entry}/detail`,
        ready: (page) => page.getByRole('tab', { name: 'Text View', selected: true }),
      },
      {
        name: 'model detail, Folder View',
        path: (entry) => `/model/${entry}/detail?tab=folder`,
        // The entry's file, so that the tree is checked with its rows.
        ready: (page) => page.getByRole('row', { name: /model\.xlsx/ }),
      },
      {
        name: 'model detail, New Model Version wizard',
        path: (entry) => `/model/${entry}/detail`,
        ready: (page) => page.getByRole('complementary', { name: 'Model actions' }),
        open: async (page) => {
          await page
            .getByRole('complementary', { name: 'Model actions' })
            .getByRole('button', { name: 'New Model Version' })
            .click();
          await page
            .getByRole('dialog', { name: 'New Model Version' })
            .getByRole('link', { name: /1 Metadata/ })
            .waitFor();
        },
      },
      // The visualization flow (issue 19): step 1, and step 3 with its sidebar (test data, none loaded).
      {
        name: 'visualization step 1, scenario selection',
        path: (entry) => `/model/${entry}/visualization/selection`,
        ready: heading('Scenario selection'),
      },
      {
        name: 'visualization step 3 with its sidebar',
        path: (entry) => `/model/${entry}/visualization/render/0`,
        ready: (page) => page.getByRole('complementary', { name: 'Visualization actions' }),
      },
    ]),
  ],
  'header tabs and error pages': [
    {
      name: 'add model entry wizard',
      path: () => '/model-upload',
      ready: heading('Add Model Entry'),
    },
    { name: 'notifications', path: () => '/notifications', ready: heading('Notifications') },
    {
      name: 'execution queue',
      path: () => '/scenario-execution-queue',
      ready: (page) => page.getByRole('button', { name: 'Refresh' }),
    },
    { name: 'external users', path: () => '/externalization/list', ready: heading('External Users') },
    {
      name: 'external user registration',
      path: () => '/externalization/user/enroll',
      ready: heading('Register External User'),
    },
    { name: 'not found', path: () => '/no/such/page', ready: heading(NOT_FOUND) },
    { name: 'unauthorised', persona: 'lead', path: () => '/admin/user', ready: heading(/permission/) },
    { name: 'application error', path: () => '/error/500', ready: heading('Something went wrong') },
    { name: 'not implemented', path: () => '/not-implemented', ready: heading(/not implemented/) },
  ],
  'admin space': [
    {
      name: 'admin: internal users',
      persona: 'admin',
      path: () => '/admin/user',
      ready: heading('Internal Users'),
    },
    {
      name: 'admin: enroll user',
      persona: 'admin',
      path: () => '/admin/user/enroll',
      ready: heading('Enroll User'),
    },
    {
      name: 'admin: user detail',
      persona: 'admin',
      path: () => '/admin/user/owner/detail',
      ready: heading('Detail of user with id owner'),
    },
    {
      name: 'admin: edit user',
      persona: 'admin',
      path: () => '/admin/user/owner/edit',
      ready: heading('Edit User'),
    },
    {
      name: 'admin: manage metadata',
      persona: 'admin',
      path: () => '/admin/manage-metadata',
      ready: heading('Manage Metadata'),
    },
    {
      name: 'admin: incident management',
      persona: 'admin',
      path: () => '/admin/incident-management',
      ready: heading('Incident Management'),
    },
    {
      name: 'admin: external users',
      persona: 'admin',
      path: () => '/admin/externalization-user',
      ready: heading('Activate and deactivate users'),
    },
    {
      name: 'admin: registration review',
      persona: 'admin',
      path: () => '/admin/registration-review',
      ready: heading('Incoming user requests'),
    },
    {
      name: 'admin: usage',
      persona: 'admin',
      path: () => '/admin/usage',
      ready: heading('Usage'),
    },
  ],
  // Instances (issue 10): a WebModel 2.0 entry of its own with a sub-model, an instance and a group.
  'instances, and files in source control': [
    ...needing('web', [
      {
        name: 'instance list with filters and groups',
        path: () => instanceListPath(web.setup as WebSetup, web.instanceId),
        ready: (page) => page.getByRole('table', { name: 'Instances' }).getByRole('row').nth(1),
        open: async (page) => {
          await page.getByRole('button', { name: 'Filters' }).click();
          await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
        },
      },
      {
        name: 'instance list, Add Instance dialog',
        path: () => instanceListPath(web.setup as WebSetup),
        ready: (page) => page.getByRole('table', { name: 'Instances' }).getByRole('row').nth(1),
        open: async (page) => {
          await page.getByRole('button', { name: 'Add Instance' }).first().click();
          await expect(page.getByRole('dialog', { name: 'Add Instance' })).toBeVisible();
        },
      },
      {
        name: 'instance list, Share Instance dialog',
        path: () => instanceListPath(web.setup as WebSetup, web.instanceId),
        ready: (page) => page.getByRole('table', { name: 'Instances' }).getByRole('row').nth(1),
        open: async (page) => {
          await page
            .getByRole('complementary', { name: 'Sub-model actions' })
            .getByRole('button', { name: 'Share Instance' })
            .click();
          await expect(page.getByRole('dialog', { name: 'Share Instance' })).toBeVisible();
        },
      },
      {
        name: 'instance parameters editor',
        path: () => instanceEditorPath(web.setup as WebSetup, web.instanceId),
        ready: (page) => page.getByRole('textbox', { name: 'Cohort size' }),
      },
      {
        name: 'instance detail',
        path: () => instanceDetailPath(web.setup as WebSetup, web.instanceId),
        ready: (page) => page.getByRole('heading', { name: 'Input Data' }),
        open: async (page) => {
          await expect(page.locator('.cm-content')).toBeVisible();
        },
      },
      {
        name: 'instance list, the actions menu of an instance row',
        path: () => instanceListPath(web.setup as WebSetup, web.instanceId),
        ready: (page) => page.getByRole('table', { name: 'Instances' }).getByRole('row').nth(1),
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Actions for / })
            .first()
            .click();
          await expect(page.getByRole('menu', { name: /^Actions for / })).toBeVisible();
        },
      },
    ]),
    {
      // Issue 18 §5: Editing › Files of an entry linked to a repository, a file open in the editor.
      name: 'model detail, Files dialog in source-control mode with the file editor',
      path: () => `/model/${source.uuid}/detail`,
      needs: 'source',
      ready: (page) => page.getByRole('complementary', { name: 'Model actions' }),
      open: async (page) => {
        await page.getByRole('button', { name: 'Files', exact: true }).click();
        const browser = page
          .getByRole('dialog', { name: 'Files' })
          .getByRole('region', { name: 'Source control' });
        await browser.getByRole('button', { name: 'Edit', exact: true }).click({ timeout: 60_000 });
        await expect(browser.getByRole('textbox', { name: 'Commit message' })).toBeVisible();
      },
    },
  ],
};

/**
 * Pages of a visitor who has not signed in (one test, in a browser context without tokens). An
 * unknown path is not among them: signed out, it leads to the welcome page, keeping the path for
 * after sign-in.
 */
const SIGNED_OUT: Omit<Screen, 'persona'>[] = [
  { name: 'welcome page', path: () => '/landingPage', ready: heading('Welcome to Model Repository') },
  {
    name: 'login page',
    path: () => '/login',
    ready: (page) => page.getByRole('button', { name: /^(Sign in|Log in)$/ }),
  },
  { name: 'access denied', path: () => '/error/access-denied', ready: heading('Access denied') },
  { name: 'unauthorised', path: () => '/error/unauthorised', ready: heading(/permission/) },
  { name: 'application error', path: () => '/error/500', ready: heading('Something went wrong') },
  { name: 'not implemented', path: () => '/not-implemented', ready: heading(/not implemented/) },
  {
    name: 'registration',
    path: () => '/registration',
    ready: heading('Request access to Model Repository'),
  },
  {
    name: 'registration: agreement',
    path: () => '/registration',
    ready: heading('Request access to Model Repository'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Read the agreement' }).click();
      await page.getByRole('dialog', { name: 'Agreement on Confidential Materials' }).waitFor();
    },
  },
];

const BLOCKING: readonly string[] = ['serious', 'critical'];

/**
 * axe-core's default rules on the whole page, through its own API in the page: axe.run, as
 * @axe-core/playwright's legacy mode calls it (the app has no iframes; runPartial per frame and
 * finishRun in a page of its own took twice as long), with axe injected once per page. The screens of a test share a page, and the builder evaluated axe's 1.5 MB source twice per
 * check: measured on a busy machine, 2.6-5.5 s per check where axe.run itself took 0.05-0.15 s (small
 * page).
 *
 * resultTypes is axe-core's documented performance option: every rule still runs on every element,
 * but the passes and the inapplicable rules report one node each, so axe builds no selector and HTML
 * snippet for the thousands of elements that pass, and the page sends none of them back.
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = { resultTypes: ['violations', 'incomplete'] };
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/**
 * The serious and critical violations on the page as it is now, one readable line per element. Text
 * in exactly its background's colour counts too: axe only lists it for review ('equalRatio'), but it
 * is text nobody can read.
 */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations, incomplete } = await runAxe(page);
  const invisible = incomplete
    .filter((r) => r.id === 'color-contrast')
    .flatMap((r) =>
      r.nodes
        .filter((n) =>
          n.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
        )
        .map((n) => `color-contrast (invisible text): ${n.target.join(' ')}`),
    );
  return [
    ...violations
      .filter((v) => BLOCKING.includes(v.impact ?? ''))
      .flatMap((v) =>
        v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? v.help}`),
      ),
    ...invisible,
  ];
}

/** The page has settled: no spinner, no loading table, no running transition (a dialog fading in). */
async function settled(page: Page, screen: Pick<Screen, 'ready' | 'open'>): Promise<void> {
  await expect(screen.ready(page).first()).toBeVisible({ timeout: 30_000 });
  await screen.open?.(page);
  await expect(page.locator('.mr-spinner, .p-datatable-loading-overlay, .pi-spinner')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Set by CREATE (once per worker process: module state, see support/unique.ts). */
const entry = { uuid: '' };
/** The sub-model screens' entry and its template and JSON sub-models. */
const subs: { entry?: SubModelEntry; template: string; json: string; uuid: () => string } = {
  template: '',
  json: '',
  uuid: () => subs.entry?.uuid ?? '',
};
/** The instance screens' entry, sub-model and instance. */
const web: { setup?: WebSetup; instanceId: string } = { instanceId: '' };
/** An entry linked to a copy of the demo repository (saves in other specs never reach it). */
const source = { uuid: '', repo: `melanoma-markov-axe-${Date.now().toString(36)}-${process.pid}` };
/** A run of the R demo model (the record screen waits for it to complete). */
const run = { uuid: '', instanceId: '' };

const CREATE: Record<Data, () => Promise<void>> = {
  catalogue: async () => {
    Object.assign(entry, await createEntry('lead', uniqueTag('e2e axe')));
    // A retired Oncology entry, so the Dynamic View's result cards always include the grey retired card.
    const retired = await createEntry('lead', uniqueTag('e2e axe retired'));
    const answer = await api(`/v2/models/${retired.uuid}/retire`, {
      method: 'POST',
      token: await idToken('lead'),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Replaced by a newer model' }),
    });
    expect(answer.status).toBe(200);
  },
  web: async () => {
    web.setup = await createWebSetup(uniqueTag('e2e axe web'));
    web.instanceId = (await createInstance('owner', web.setup, uniqueTag('Axe run'))).id;
    await createGroup(web.setup, 'Axe group', [web.instanceId]);
  },
  run: async () => {
    const runSetup = await createRunSetup(uniqueTag('e2e axe run'));
    const instance = await addRunInstance(runSetup, uniqueTag('Axe record'));
    await executeInstances(runSetup, [instance.id]);
    Object.assign(run, { uuid: runSetup.uuid, instanceId: instance.id });
  },
  source: async () => {
    await buildDemoSourceRepository(
      join(localCloud().dataDir, 'source-control', 'HEOR', `${source.repo}.git`),
    );
    const metadata = {
      bitbucket_project: 'HEOR',
      bitbucket_repository: source.repo,
      bitbucket_path: 'R/markov_model.R',
    };
    Object.assign(source, await createEntry('lead', uniqueTag('e2e axe source'), { metadata }));
  },
  subs: async () => {
    subs.entry = await createSubModelEntry(uniqueTag('e2e axe sub-models'));
    subs.template = (await addSubModel(subs.entry, { name: 'Axe template' })).id;
    await putDefinition(subs.entry, subs.template, sampleTemplate());
    subs.json = (await addSubModel(subs.entry, { name: 'Axe JSON', definitionType: 'JSON' })).id;
    await putDefinition(subs.entry, subs.json, { rate: 0.1, arms: ['A', 'B'] });
  },
};
const created = new Map<Data, Promise<void>>();

/** The data once per worker; a failed creation is not cached, so the next screen tries again. */
function ensure(data: Data): Promise<void> {
  let promise = created.get(data);
  if (!promise) {
    promise = CREATE[data]().catch((error: unknown) => {
      created.delete(data);
      throw error;
    });
    created.set(data, promise);
  }
  return promise;
}

/**
 * Moves the page to `path` inside the app, as a link would, instead of loading the app again (a load
 * cost seconds per screen): a react-router browser router follows the URL when the window receives
 * 'popstate'. Without a history state of the router's, such a move is not held up by a leave guard,
 * as a user's new address would not be either.
 *
 * Each screen starts as in a new tab: by way of the 'not implemented' page, which lies outside the
 * signed-in shell, so that the previous screen's page, workspace and shell unmount with their dialogs
 * and menus (the next screen may have the same path), and with the session storage emptied (the
 * Dynamic View's intro dialog shows once per session).
 */
async function visit(page: Page, path: string): Promise<void> {
  const go = (to: string) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  await page.evaluate(go, BETWEEN_SCREENS);
  await expect(heading(/not implemented/)(page)).toBeVisible();
  await expect(page.getByRole('dialog').or(page.getByRole('menu'))).toHaveCount(0);
  await page.evaluate(() => window.sessionStorage.clear());
  await page.evaluate(go, path);
}
const BETWEEN_SCREENS = '/not-implemented';

/**
 * Checks screens one after another, each in a step named after it: the first screen of a persona opens
 * its page (`open`), the next ones move there in the app. A violation fails the test once every screen
 * has been checked, with the screen's name and its violations.
 */
async function checkScreens(
  screens: Screen[],
  open: (screen: Screen, path: string) => Promise<Page>,
): Promise<void> {
  const pages = new Map<string, Page>();
  const reach = async (screen: Screen): Promise<Page> => {
    const persona = screen.persona ?? 'owner';
    const path = screen.path(entry.uuid);
    const page = pages.get(persona);
    if (page) {
      await visit(page, path);
      return page;
    }
    const opened = await open(screen, path);
    pages.set(persona, opened);
    return opened;
  };
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      if (screen.needs) await ensure(screen.needs);
      const page = await reach(screen);
      await settled(page, screen);
      expect
        .soft(await blockingViolations(page), `serious or critical violations: ${screen.name}`)
        .toEqual([]);
    });
  }
}

/**
 * The test's time limit: each screen as long as a test of its own had (60 s, or its own), and a minute
 * for each kind of data the worker has yet to create.
 */
function timeLimit(screens: Screen[]): number {
  const toCreate = new Set(screens.flatMap((s) => (s.needs && !created.has(s.needs) ? [s.needs] : [])));
  return screens.reduce((sum, s) => sum + (s.timeout ?? 60_000), 0) + toCreate.size * 60_000;
}

test.describe('accessibility (axe-core): no serious or critical violation', () => {
  for (const [group, screens] of Object.entries(SIGNED_IN)) {
    test(`signed in: ${group}`, async ({ pageAs }) => {
      test.setTimeout(timeLimit(screens));
      // The group's data at once: a run started now completes while the other screens are checked. A
      // screen whose data could not be created tries again in its own step, and fails there.
      await Promise.allSettled([...new Set(screens.flatMap((s) => (s.needs ? [s.needs] : [])))].map(ensure));
      await checkScreens(screens, (screen, path) => pageAs(screen.persona ?? 'owner', path));
    });
  }

  test('signed out', async ({ page }) => {
    test.setTimeout(timeLimit(SIGNED_OUT));
    await checkScreens(SIGNED_OUT, async (_screen, path) => {
      await page.goto(path);
      return page;
    });
  });
});
