import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import {
  ApplicationErrorPage,
  NotFoundPage,
  NotImplementedPage,
  RouteErrorBoundary,
  UnauthorisedPage,
} from './routes/error-pages';
import { allow, RequirePermission } from './routes/guards';
import { PlaceholderPage } from './routes/placeholder-page';
import { requireSignedIn } from './routes/require-signed-in';
import { RootLayout } from './routes/root-layout';

/** Lazy route modules export a default component. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A lazy page behind a permission check (others go to the unauthorised page). */
const guardedPage =
  (check: (typeof allow)[keyof typeof allow], load: () => Promise<{ default: React.ComponentType }>) =>
  async () => {
    const Page = (await load()).default;
    return {
      Component: () => (
        <RequirePermission check={check}>
          <Page />
        </RequirePermission>
      ),
    };
  };

const placeholder = (title: string, guard?: (typeof allow)[keyof typeof allow]) => ({
  element: guard ? (
    <RequirePermission check={guard}>
      <PlaceholderPage title={title} />
    </RequirePermission>
  ) : (
    <PlaceholderPage title={title} />
  ),
});

/**
 * The sub-model workspace (001 §2): one layout (page header and action sidebar) around the sub-model
 * and instance screens. The instances feature's sidebar group is composed here, since features do not
 * import each other (lib/workspace.ts describes the contract).
 */
const subModelWorkspace = async () => {
  const [{ SubModelWorkspace }, { InstanceSidebarGroup }] = await Promise.all([
    import('../features/sub-models/components/workspace/sub-model-workspace'),
    import('../features/instances/components/sidebar/instance-sidebar-group'),
  ]);
  return { Component: () => <SubModelWorkspace instanceGroup={InstanceSidebarGroup} /> };
};

/**
 * The visualization flow (001 §2, issue 19). Its steps show the display sub-model's parameters in the
 * instances feature's widgets and share an analysis with its share dialog; both are passed in here,
 * since features do not import each other.
 */
const visualizationSetting = async () => {
  const [{ default: SettingPage }, { ParametersForm }] = await Promise.all([
    import('../features/visualization/components/flow/setting-page'),
    import('../features/instances/components/editor/parameters-form'),
  ]);
  return { Component: () => <SettingPage parametersForm={ParametersForm} /> };
};
const visualizationParameters = async () => {
  const [{ default: ParametersDisplayPage }, { ParametersForm }] = await Promise.all([
    import('../features/visualization/components/flow/parameters-display-page'),
    import('../features/instances/components/editor/parameters-form'),
  ]);
  return { Component: () => <ParametersDisplayPage parametersForm={ParametersForm} /> };
};
const visualizationRender = async () => {
  const [{ default: RenderPage }, { ShareInstanceDialog }] = await Promise.all([
    import('../features/visualization/components/flow/render-page'),
    import('../features/instances/components/share/share-instance-dialog'),
  ]);
  return { Component: () => <RenderPage shareDialog={ShareInstanceDialog} /> };
};

const loginPage = page(() => import('../features/auth/components/login-page'));
const landingPage = async () => ({
  Component: (await import('../features/auth/components/landing-page')).LandingPage,
});

/** Routes of 000 §2, 001 §2 and 002 §2. Later features replace the placeholders. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <Spinner />,
    children: [
      // Public: sign-in and error entry points.
      { path: paths.landing.path, lazy: landingPage },
      { path: paths.login.path, lazy: loginPage },
      { path: paths.baseLogin.path, lazy: loginPage },
      { path: paths.base.path, element: <Navigate to={paths.landing.getHref()} replace /> },
      { path: paths.errorEntry.path, element: <Navigate to={paths.landing.getHref()} replace /> },
      {
        path: paths.registration.path,
        lazy: page(() => import('../features/registration/components/registration-page')),
      },
      {
        path: paths.accessDenied.path,
        lazy: page(() => import('../features/auth/components/access-denied-page')),
      },
      {
        path: paths.unauthorised.path,
        Component: UnauthorisedPage,
      },
      {
        path: paths.error500.path,
        Component: ApplicationErrorPage,
      },
      {
        path: paths.notImplemented.path,
        Component: NotImplementedPage,
      },
      { path: paths.localOutbox.path, lazy: page(() => import('../features/outbox/components/outbox-page')) },

      // Signed in: the application shell.
      {
        id: 'signed-in',
        loader: requireSignedIn,
        lazy: page(() => import('./routes/signed-in-layout')),
        children: [
          { index: true, element: <Navigate to={paths.models.getHref()} replace /> },
          {
            path: paths.models.path,
            lazy: page(() => import('./routes/model-entries-route')),
          },
          {
            path: paths.modelUpload.path,
            lazy: guardedPage(
              allow.createModel,
              () => import('../features/entry/components/wizard/model-upload-page'),
            ),
          },
          {
            path: paths.modelDetail.path,
            lazy: page(() => import('./routes/model-detail-route')),
          },
          {
            lazy: subModelWorkspace,
            children: [
              {
                path: paths.subModelList.path,
                lazy: page(() => import('../features/sub-models/components/list/sub-model-list-page')),
              },
              {
                path: paths.inputDefinitionList.path,
                lazy: page(
                  () => import('../features/sub-models/components/inputs/input-definition-list-page'),
                ),
              },
              {
                path: paths.inputDefinitionEditor.path,
                lazy: page(
                  () => import('../features/sub-models/components/editor/input-definition-editor-page'),
                ),
              },
              {
                path: paths.instanceList.path,
                lazy: page(() => import('../features/instances/components/list/instance-list-page')),
              },
              {
                path: paths.instanceEditor.path,
                lazy: page(() => import('../features/instances/components/editor/instance-editor-page')),
              },
              {
                path: paths.instanceDetail.path,
                lazy: page(() => import('../features/instances/components/detail/instance-detail-page')),
              },
            ],
          },
          {
            path: paths.visualizationSelection.path,
            lazy: page(() => import('../features/visualization/components/flow/selection-page')),
          },
          { path: paths.visualizationSetting.path, lazy: visualizationSetting },
          { path: paths.visualizationRender.path, lazy: visualizationRender },
          { path: paths.visualizationParameters.path, lazy: visualizationParameters },
          {
            path: paths.executionQueue.path,
            lazy: page(() => import('../features/executions/components/execution-queue-page')),
          },
          {
            path: paths.legacyExecutionQueue.path,
            element: <Navigate to={paths.executionQueue.getHref()} replace />,
          },
          {
            path: paths.notifications.path,
            lazy: page(() => import('../features/notifications/components/notifications-page')),
          },
          {
            path: paths.externalization.path,
            element: <Navigate to={paths.externalizationList.getHref()} replace />,
          },
          {
            path: paths.externalizationList.path,
            lazy: guardedPage(allow.externalization, async () => ({
              default: (await import('../features/external-users/components/external-user-list-page'))
                .NormalExternalUserListPage,
            })),
          },
          {
            path: paths.externalizationEnroll.path,
            lazy: guardedPage(
              allow.externalization,
              () => import('../features/external-users/components/external-user-enroll-page'),
            ),
          },
          {
            path: paths.admin.path,
            element: (
              <RequirePermission check={allow.admin}>
                <Navigate to={paths.adminUsers.getHref()} replace />
              </RequirePermission>
            ),
          },
          {
            path: paths.adminUsers.path,
            lazy: guardedPage(allow.admin, () => import('../features/admin-users/components/user-list-page')),
          },
          {
            path: paths.adminUserEnroll.path,
            lazy: guardedPage(
              allow.enrollUser,
              () => import('../features/admin-users/components/user-enroll-page'),
            ),
          },
          {
            path: paths.adminUserDetail.path,
            lazy: guardedPage(
              allow.admin,
              () => import('../features/admin-users/components/user-detail-page'),
            ),
          },
          {
            path: paths.adminUserEdit.path,
            lazy: guardedPage(
              allow.changeUserRole,
              () => import('../features/admin-users/components/user-edit-page'),
            ),
          },
          {
            path: paths.adminMetadata.path,
            lazy: guardedPage(
              allow.admin,
              () => import('../features/admin-metadata/components/manage-metadata-page'),
            ),
          },
          {
            path: paths.adminMetadataProperty.path,
            lazy: guardedPage(
              allow.admin,
              () => import('../features/admin-metadata/components/manage-metadata-page'),
            ),
          },
          {
            path: paths.adminIncidents.path,
            lazy: guardedPage(
              allow.admin,
              () => import('../features/admin-incidents/components/incident-management-page'),
            ),
          },
          {
            path: paths.adminExternalUsers.path,
            lazy: guardedPage(allow.admin, async () => ({
              default: (await import('../features/external-users/components/external-user-list-page'))
                .AdminExternalUserListPage,
            })),
          },
          {
            path: paths.adminRegistrationReview.path,
            lazy: guardedPage(
              allow.admin,
              () => import('../features/registration/components/registration-review-page'),
            ),
          },
          {
            path: paths.adminUsage.path,
            lazy: guardedPage(allow.admin, () => import('../features/admin-usage/components/usage-page')),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
