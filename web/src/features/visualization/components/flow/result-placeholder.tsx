import type { RunResult } from '@shared/schemas/run-result';

/**
 * A plain rendering of a result (sections, errors, tables as HTML tables, charts as their data) used
 * until the result view (web/src/features/visualization/components/result) is embedded here: the flow
 * shows every element, if not yet as a chart.
 */
export function ResultPlaceholder({ result }: { result: RunResult }) {
  return (
    <div className="mr-viz-result">
      {result.elements.map((element, i) => {
        const key = `${element.kind}-${i}`;
        switch (element.kind) {
          case 'section':
            return (
              <section key={key}>
                <h2>{element.title}</h2>
                {element.text && <p>{element.text}</p>}
              </section>
            );
          case 'error':
            return (
              <div key={key} role="note" className="mr-error-text">
                {element.title && <strong>{element.title}: </strong>}
                {element.message}
              </div>
            );
          case 'table': {
            const rows = new Map<number, typeof element.cells>();
            for (const cell of element.cells) rows.set(cell.row, [...(rows.get(cell.row) ?? []), cell]);
            return (
              <table key={key} className="mr-viz-order">
                {element.options?.title && <caption>{element.options.title}</caption>}
                <tbody>
                  {[...rows.entries()]
                    .sort(([a], [b]) => a - b)
                    .map(([row, cells]) => (
                      <tr key={row}>
                        {cells
                          .sort((a, b) => a.column - b.column)
                          .map((c) => {
                            const text = `${c.valuePrefix ?? ''}${c.value ?? ''}${c.valuePostfix ?? ''}`;
                            return c.th ? (
                              <th key={c.column} colSpan={c.colSpan} rowSpan={c.rowSpan}>
                                {text}
                              </th>
                            ) : (
                              <td key={c.column} colSpan={c.colSpan} rowSpan={c.rowSpan}>
                                {text}
                              </td>
                            );
                          })}
                      </tr>
                    ))}
                </tbody>
              </table>
            );
          }
          case 'chart':
            return (
              <figure key={key}>
                <figcaption>{element.options?.title ?? 'Chart'}</figcaption>
              </figure>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
