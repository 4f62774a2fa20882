import PrimeReact from 'primereact/api';
import { ZIndexUtils } from 'primereact/utils';
import {
  type CSSProperties,
  type Dispatch,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

/** The id of a suggestion, for the combobox's `aria-activedescendant`. */
export const suggestionId = (listId: string, index: number) => `${listId}-${index}`;

export interface ComboboxState {
  /** How many options the list offers. */
  count: number;
  active: number;
  /** The list is shown. */
  expanded: boolean;
  setActive: Dispatch<SetStateAction<number>>;
  setOpen: (open: boolean) => void;
  /** Picks the option at `index` (a valid one). */
  onPick: (index: number) => void;
}

/**
 * The keys of a combobox whose focus stays in its input (WAI-ARIA combobox pattern): ArrowDown
 * opens the list and moves down, ArrowUp moves up, Enter picks the highlighted option, Escape
 * closes the list, and only the list (not the dialog around it). Other keys pass.
 */
export function comboboxKeyDown(
  e: KeyboardEvent,
  { count, active, expanded, setActive, setOpen, onPick }: ComboboxState,
) {
  if (e.key === 'ArrowDown') {
    e.preventDefault();
    setOpen(true);
    setActive((i) => Math.min(i + 1, Math.max(count - 1, 0)));
  } else if (e.key === 'ArrowUp') {
    e.preventDefault();
    setActive((i) => Math.max(i - 1, 0));
  } else if (e.key === 'Enter' && expanded && active < count) {
    e.preventDefault();
    onPick(active);
  } else if (e.key === 'Escape' && expanded) {
    e.stopPropagation();
    setOpen(false);
  }
}

export interface SuggestionListProps<T> {
  /** The id the combobox names in `aria-controls`. */
  id: string;
  /** The combobox's label; the list is named '{label} suggestions'. */
  label: string;
  items: readonly T[];
  /** The index of the highlighted item (the arrows move it, Enter picks it). */
  active: number;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** Extra class names of the list and of each option. */
  className?: string;
  optionClassName?: string;
  hidden?: boolean;
  /** After the options, e.g. a 'nothing found' line. */
  children?: ReactNode;
  /**
   * The input the list belongs to. With it the list floats above the page (on <body>, fixed to the
   * input, above or below it as room allows), so a scrolling table or dialog does not cut it off.
   */
  anchor?: RefObject<HTMLElement | null>;
}

/** Most of the list's height (the stylesheet's max-height of .mr-suggestions is 14rem). */
const LIST_MAX_REM = 14;
const GAP_PX = 2;

/** Where a floating list goes: below its input, or above it when there is more room there. */
export function floatingPlacement(
  input: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'width'>,
  viewportHeight: number,
  remPx: number,
): CSSProperties {
  const wanted = LIST_MAX_REM * remPx;
  const below = viewportHeight - input.bottom - GAP_PX;
  const above = input.top - GAP_PX;
  const up = below < wanted && above > below;
  return {
    position: 'fixed',
    left: input.left,
    width: input.width,
    right: 'auto',
    maxHeight: Math.max(0, Math.min(wanted, (up ? above : below) - GAP_PX)),
    ...(up ? { bottom: viewportHeight - input.top + GAP_PX } : { top: input.bottom + GAP_PX }),
  };
}

/** Keeps a floating list on its input while the page or any scroll container moves. */
function useFloating(
  anchor: RefObject<HTMLElement | null> | undefined,
  list: RefObject<HTMLDivElement | null>,
) {
  const [style, setStyle] = useState<CSSProperties | undefined>();
  useLayoutEffect(() => {
    const input = anchor?.current;
    const element = list.current;
    if (!input || !element) return;
    const place = () => {
      const remPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setStyle(floatingPlacement(input.getBoundingClientRect(), window.innerHeight, remPx));
    };
    place();
    // Above every dialog that is open now, as PrimeReact's own overlays are.
    ZIndexUtils.set('overlay', element, PrimeReact.autoZIndex, PrimeReact.zIndex?.overlay);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
      ZIndexUtils.clear(element);
    };
  }, [anchor, list]);
  return style;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The popup list of a WAI-ARIA combobox (the input keeps the focus and handles the keys). An option
 * is picked on mousedown: the focus stays in the input, and the pick happens before its blur
 * closes the list.
 */
export function SuggestionList<T>({
  id,
  label,
  items,
  active,
  itemKey,
  renderItem,
  onPick,
  className,
  optionClassName,
  hidden,
  children,
  anchor,
}: SuggestionListProps<T>) {
  const ref = useRef<HTMLDivElement | null>(null);
  const floating = useFloating(anchor, ref);
  const list = (
    <div
      ref={ref}
      id={id}
      role="listbox"
      aria-label={`${label} suggestions`}
      className={classes('mr-suggestions', anchor && 'mr-suggestions--floating', className)}
      hidden={hidden}
      style={floating}
    >
      {items.map((item, i) => (
        <div
          key={itemKey(item)}
          id={suggestionId(id, i)}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className={classes(
            'mr-suggestions__option',
            optionClassName,
            i === active && 'mr-suggestions__option--active',
          )}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(item);
          }}
        >
          {renderItem(item)}
        </div>
      ))}
      {children}
    </div>
  );
  return anchor ? createPortal(list, document.body) : list;
}
