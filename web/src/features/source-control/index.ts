/**
 * Source control (issue 18 §5): the file source mode of Editing › Files and the source-control
 * browser. The app composes them (web/src/app/routes/model-detail-route.tsx) with the files
 * feature's dialog and the versions feature's text diff view, which it passes in.
 */
export { FileSourceDialog } from './components/file-source-dialog';
export { type DiffViewComponent, SourceControlBrowser } from './components/source-control-browser';
