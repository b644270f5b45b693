import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IncrementalList } from './incremental-list';

const ROW = 40;
const VIEWPORT = 400;
const items = Array.from({ length: 10_000 }, (_, index) => index);

/** How tall the list's content is: its rows, spacers and padding. */
function contentHeight(area: Element): number {
  const list = area.querySelector('ul');
  if (!list) return 0;
  const rows = list.querySelectorAll(':scope > li[data-index]').length * ROW;
  const spacers = Array.from(list.querySelectorAll<HTMLElement>(':scope > li[aria-hidden]')).reduce(
    (sum, spacer) => sum + (Number.parseFloat(spacer.style.height) || 0),
    0,
  );
  const padding =
    (Number.parseFloat(list.style.paddingTop) || 0) + (Number.parseFloat(list.style.paddingBottom) || 0);
  return rows + spacers + padding;
}

/**
 * jsdom lays nothing out: give the scroll area a height and every row a height, as a browser would.
 * The list's top moves up as the area scrolls, and the scroll position is clamped to the content (a
 * list that suddenly renders less loses its scroll position, as in a browser).
 */
function fakeLayout() {
  const positions = new WeakMap<Element, number>();
  const scrollTop = jest.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (
    this: Element,
  ) {
    const clamped = Math.max(0, Math.min(positions.get(this) ?? 0, contentHeight(this) - VIEWPORT));
    positions.set(this, clamped);
    return clamped;
  });
  const setScrollTop = jest.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (
    this: Element,
    value: number,
  ) {
    positions.set(this, value);
  });
  const clientHeight = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('admin-scroll') ? VIEWPORT : 0;
  });
  const rect = jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    const box = this.closest('.admin-scroll');
    let top = 0;
    let height = 0;
    if (this.tagName === 'UL') top = -(box?.scrollTop ?? 0);
    if (this.tagName === 'LI' && this.hasAttribute('data-index')) height = ROW;
    return {
      top,
      height,
      bottom: top + height,
      left: 0,
      right: 0,
      width: 0,
      x: 0,
      y: top,
      toJSON: () => ({}),
    };
  });
  return () => {
    clientHeight.mockRestore();
    rect.mockRestore();
    scrollTop.mockRestore();
    setScrollTop.mockRestore();
  };
}

/** By default every row is added at once and the list windows from 50 rows on. */
function renderList(props: { keepMounted?: number[]; pageSize?: number } = {}) {
  return render(
    <IncrementalList
      items={items}
      getKey={(item) => item}
      renderItem={(item) => (item === 0 ? <input aria-label="Draft of item 0" /> : <span>Item {item}</span>)}
      label="Numbers"
      pageSize={props.pageSize ?? items.length}
      windowFrom={props.pageSize ? undefined : 50}
      keepMounted={props.keepMounted}
    />,
  );
}

const list = () => screen.getByRole('list', { name: 'Numbers' });
const scrollArea = () => list().parentElement as HTMLElement;

function scrollTo(top: number) {
  act(() => {
    scrollArea().scrollTop = top;
    fireEvent.scroll(scrollArea());
  });
}

describe('IncrementalList in a browser (layout faked)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = fakeLayout();
  });
  afterEach(() => restore());

  it('renders only the rows in view and a screenful either side, padding for the rest', () => {
    renderList();
    const rows = within(list()).getAllByRole('listitem');
    // 400px in view + 400px below, 40px rows: rows 0..20.
    expect(rows).toHaveLength(21);
    expect(screen.getByLabelText('Draft of item 0')).toBeInTheDocument();
    expect(screen.getByText('Item 20')).toBeInTheDocument();
    expect(screen.queryByText('Item 21')).not.toBeInTheDocument();
    expect(list()).toHaveStyle({ paddingBottom: `${(items.length - 21) * ROW}px` });
    // Screen readers still hear where a row is in the whole list.
    expect(rows[5]).toHaveAttribute('aria-posinset', '6');
    expect(rows[5]).toHaveAttribute('aria-setsize', String(items.length));
  });

  it('follows the scroll position, the padding keeping the scrollbar true', () => {
    renderList();
    scrollTo(200_000); // row 5000 at the top of the area
    expect(screen.getByText('Item 5000')).toBeInTheDocument();
    expect(screen.getByText('Item 4990')).toBeInTheDocument(); // overscan above
    expect(screen.queryByText('Item 1')).not.toBeInTheDocument();
    const rows = within(list()).getAllByRole('listitem');
    expect(rows.length).toBeLessThan(40);
    const first = Number(rows[0]!.getAttribute('aria-posinset')) - 1;
    expect(list()).toHaveStyle({ paddingTop: `${first * ROW}px` });
    const after = Number.parseFloat(list().style.paddingBottom);
    expect(first * ROW + rows.length * ROW + after).toBe(items.length * ROW);
  });

  it('keeps a row in keepMounted (an open edit form) mounted when it scrolls out of view', async () => {
    renderList({ keepMounted: [0] });
    await userEvent.type(screen.getByLabelText('Draft of item 0'), 'half typed');
    scrollTo(200_000);
    expect(screen.getByLabelText('Draft of item 0')).toHaveValue('half typed');
    expect(screen.queryByText('Item 1')).not.toBeInTheDocument();
    // A spacer stands in for rows 1.. up to the window, hidden from assistive technology.
    const spacer = list().querySelector('.admin-list__spacer') as HTMLElement;
    const rows = within(list()).getAllByRole('listitem');
    const firstInWindow = Number(rows[1]!.getAttribute('aria-posinset')) - 1;
    expect(spacer).toHaveAttribute('aria-hidden', 'true');
    expect(spacer).toHaveStyle({ height: `${(firstInWindow - 1) * ROW}px` });
  });

  it('renders the first page whole, as a plain list, and windows once Show more adds a second', async () => {
    renderList({ pageSize: 100 });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100);
    expect(list()).not.toHaveAttribute('style');
    expect(
      screen.getByRole('button', { name: `Show more (${items.length - 100} more)` }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Show more/ }));
    expect(
      screen.getByRole('button', { name: `Show more (${items.length - 200} more)` }),
    ).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(21);
    expect(list()).toHaveStyle({ paddingBottom: `${(200 - 21) * ROW}px` });
  });

  it('stays where it was scrolled to when a second page makes it long', async () => {
    renderList({ pageSize: 100 });
    scrollTo(100 * ROW - VIEWPORT); // the end of the first page: rows 90..99 in view
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100); // still a plain list

    await userEvent.click(screen.getByRole('button', { name: /Show more/ }));
    expect(screen.getByText('Item 95')).toBeInTheDocument();
    expect(screen.queryByText('Item 1')).not.toBeInTheDocument();
    const rows = within(list()).getAllByRole('listitem');
    const first = Number(rows[0]!.getAttribute('aria-posinset')) - 1;
    expect(first).toBe(80); // a screenful above the view
    expect(list()).toHaveStyle({ paddingTop: `${first * ROW}px` });
  });
});

describe('IncrementalList without layout (jsdom as is)', () => {
  it('renders every row added so far', async () => {
    renderList({ pageSize: 100 });
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100);
    await userEvent.click(screen.getByRole('button', { name: `Show more (${items.length - 100} more)` }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(200);
    expect(list()).not.toHaveAttribute('style');
  });
});
