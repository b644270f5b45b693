import { render, screen } from '@testing-library/react';
import { BuildLabel } from './build-label';

describe('BuildLabel', () => {
  it('shows the label a build was given', () => {
    render(<BuildLabel label="2024.06-blue" />);
    expect(screen.getByText('build 2024.06-blue')).toBeInTheDocument();
  });

  it('shows nothing for a build without a label (the default)', () => {
    const { container } = render(<BuildLabel />);
    expect(container).toBeEmptyDOMElement();
  });
});
