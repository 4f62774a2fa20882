import { strFromU8, strToU8, type Unzipped, unzipSync, zipSync } from 'fflate';
import { readVbaProject, type VbaModule } from './vba-project';
import { VbaProjectError } from './vba-project-error';

export type { VbaModule } from './vba-project';

export const VBA_PROJECT_PATH = 'xl/vbaProject.bin';

/** Real projects are well under a megabyte; a larger declared size is refused before inflating. */
export const MAX_VBA_PROJECT_BYTES = 16 << 20;

/**
 * The VBA modules of a workbook (.xlsm, .xlsb, .xltm, .xlam: any package with `xl/vbaProject.bin`).
 * A workbook without a VBA project (.xlsx) has none: an empty list. A broken archive, container,
 * module table or module, or a size over the limits, is a `VbaProjectError` (422) with its reason.
 *
 * Async so a caller may later move the inflating off the event loop without changing its callers.
 */
export async function extractVbaModules(workbook: Uint8Array): Promise<VbaModule[]> {
  let entries: Unzipped;
  try {
    entries = unzipSync(workbook, {
      // Only the project is inflated, and only when its declared size is within the limit. fflate
      // inflates into a buffer of exactly the declared size, so a lying header cannot grow it.
      filter: (file) => {
        if (file.name !== VBA_PROJECT_PATH) return false;
        if (file.originalSize > MAX_VBA_PROJECT_BYTES) {
          throw new VbaProjectError(
            'too-large',
            `The VBA project (vbaProject.bin) is larger than ${MAX_VBA_PROJECT_BYTES >> 20} MB.`,
          );
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof VbaProjectError) throw error;
    throw new VbaProjectError('corrupt-workbook', 'The workbook is not a readable zip archive.');
  }
  const project = entries[VBA_PROJECT_PATH];
  if (!project) return [];
  return readVbaProject(project);
}

const MACRO_WORKBOOK_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.main+xml';
const PLAIN_WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const VBA_PROJECT_TYPE = 'application/vnd.ms-office.vbaProject';
const VBA_PROJECT_RELATIONSHIP = 'http://schemas.microsoft.com/office/2006/relationships/vbaProject';

function textEntry(entries: Unzipped, path: string): string {
  const entry = entries[path];
  if (!entry) throw new Error(`The workbook has no ${path}.`);
  return strFromU8(entry);
}

/**
 * Turn an .xlsx package into an .xlsm by adding a vbaProject.bin: the part itself, its content type,
 * the macro-enabled workbook content type, and the workbook's relationship to the project (the three
 * things Excel looks for, ECMA-376 with the [MS-OFFMACRO2] extensions). Used by fixtures and the demo.
 */
export function addVbaProjectToWorkbook(xlsx: Uint8Array, vbaProject: Uint8Array): Uint8Array {
  const entries = unzipSync(xlsx);
  let types = textEntry(entries, '[Content_Types].xml');
  if (!types.includes(PLAIN_WORKBOOK_TYPE)) throw new Error('The package is not an .xlsx workbook.');
  types = types.replace(PLAIN_WORKBOOK_TYPE, MACRO_WORKBOOK_TYPE);
  if (!types.includes('Extension="bin"')) {
    types = types.replace('</Types>', `<Default Extension="bin" ContentType="${VBA_PROJECT_TYPE}"/></Types>`);
  }
  const relsPath = 'xl/_rels/workbook.xml.rels';
  let rels = textEntry(entries, relsPath);
  const ids = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((match) => match[1]));
  let n = ids.size + 1;
  while (ids.has(`rId${n}`)) n++;
  rels = rels.replace(
    '</Relationships>',
    `<Relationship Id="rId${n}" Type="${VBA_PROJECT_RELATIONSHIP}" Target="vbaProject.bin"/></Relationships>`,
  );
  // Excel ties document modules to the workbook and sheets by code name; exceljs writes none for the
  // workbook, so name it as Excel does ('ThisWorkbook').
  let workbook = textEntry(entries, 'xl/workbook.xml');
  if (!/<workbookPr[^>]*codeName=/.test(workbook)) {
    workbook = /<workbookPr\b/.test(workbook)
      ? workbook.replace(/<workbookPr\b/, '<workbookPr codeName="ThisWorkbook"')
      : workbook.replace(/(<workbook\b[^>]*>)/, '$1<workbookPr codeName="ThisWorkbook"/>');
  }
  return zipSync(
    {
      ...entries,
      '[Content_Types].xml': strToU8(types),
      [relsPath]: strToU8(rels),
      'xl/workbook.xml': strToU8(workbook),
      [VBA_PROJECT_PATH]: vbaProject,
    },
    // One fixed time on every part (fflate's default is now, to the 2 s of a zip's clock): the same
    // workbook and project give the same bytes, which the demo's content-keyed versions rely on.
    { mtime: PACKAGE_TIME },
  );
}

/** The parts' modification time in a package that addVbaProjectToWorkbook writes (zip time starts in 1980). */
const PACKAGE_TIME = new Date(1980, 0, 1);
