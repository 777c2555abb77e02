import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addPaper } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { renderApp, waitForSession } from '@/test/render';


// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

describe('/papers/:id', () => {
  it('shows title, status, authors, category, school, published date, View PDF and the abstract', async () => {
    const paper = addPaper({
      title: 'Microplastics After Rain',
      authors: [
        { name: 'Maya Chen', school: 'Lincoln High School' },
        { name: 'Jordan Alvarez', school: 'Lincoln High School' },
      ],
      category: 'Environmental Science',
      school: 'Lincoln High School',
      publishedAt: '2025-09-05T10:00:00.000Z',
      abstract: 'Concentrations rose after storms.',
    });
    const { store } = renderApp(`/papers/${paper.id}`);
    await waitForSession(store);

    expect(await screen.findByRole('heading', { level: 1, name: 'Microplastics After Rain' })).toBeInTheDocument();
    expect(screen.getByText('Status:').parentElement).toHaveTextContent('Status: Published');
    expect(screen.getByText('Maya Chen, Jordan Alvarez')).toBeInTheDocument();
    expect(screen.getAllByText('Environmental Science').length).toBeGreaterThan(0);
    expect(screen.getByText('Lincoln High School')).toBeInTheDocument();
    expect(screen.getByText('September 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('Concentrations rose after storms.')).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'View PDF' });
    expect(pdf).toHaveAttribute('href', `/api/papers/${paper.id}/pdf`);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf.getAttribute('rel')).toContain('noopener');
  });

  it('says the paper is not found when the server answers 404 (an unpublished paper)', async () => {
    const paper = addPaper({ title: 'Not yet', status: 'under_review' });
    const { store } = renderApp(`/papers/${paper.id}`);
    await waitForSession(store);
    expect(await screen.findByText('Error loading paper or paper not found.')).toBeInTheDocument();
    expect(screen.queryByText('Not yet')).not.toBeInTheDocument();
  });

  it('shows the same error text when loading fails', async () => {
    server.use(http.get('*/api/papers/:id', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, { status: 500 })));
    const { store } = renderApp('/papers/10000000-0000-4000-8000-000000000999');
    await waitForSession(store);
    expect(await screen.findByText('Error loading paper or paper not found.')).toBeInTheDocument();
  });

  it('says the caller may not view the paper on a 403', async () => {
    server.use(http.get('*/api/papers/:id', () => HttpResponse.json({ statusCode: 403, code: 'FORBIDDEN', message: 'no' }, { status: 403 })));
    const { store } = renderApp('/papers/10000000-0000-4000-8000-000000000998');
    await waitForSession(store);
    expect(await screen.findByText("You don't have permission to view this paper.")).toBeInTheDocument();
    expect(screen.queryByText('Error loading paper or paper not found.')).not.toBeInTheDocument();
  });
});
