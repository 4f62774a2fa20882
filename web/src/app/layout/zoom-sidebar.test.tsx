import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ZoomSidebar } from './zoom-sidebar';

function Harness({ start }: { start: number }) {
  const [zoom, setZoom] = useState(start);
  return <ZoomSidebar zoom={zoom} onChange={setZoom} />;
}

describe('ZoomSidebar', () => {
  it('zooms in up to 110% and then disables Zoom in', async () => {
    render(<Harness start={1} />);
    expect(screen.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('110%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('zooms out down to 70% and then disables Zoom out', async () => {
    render(<Harness start={0.8} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByText('70%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeEnabled();
  });
});
