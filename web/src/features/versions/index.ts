/**
 * Versions (issue 18): the Version Control tab of the entry detail (lineage tree, compare with text
 * and spreadsheet diffs, file history) and the Edit Lineage dialog. The app composes them into the
 * entry's detail page; nothing else of this feature is meant to be used from outside.
 */

/** The line diff view, which the app also passes to the source-control browser for commit diffs. */
export { TextDiffView } from './components/compare/text-diff-view';
export { LazyVersionControlTab as VersionControlTab } from './components/lazy-version-control-tab';
export { EditLineageDialog } from './components/lineage/edit-lineage-dialog';
