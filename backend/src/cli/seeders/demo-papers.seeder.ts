import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { paperPdfKey } from '../../modules/storage/storage-key.js';
import { StorageService } from '../../modules/storage/storage.service.js';
import { PaperFile } from '../../modules/manuscripts/entities/paper-file.entity.js';
import { PaperStatusEvent } from '../../modules/manuscripts/entities/paper-status-event.entity.js';
import { PaperStatus } from '../../modules/manuscripts/entities/paper-status.js';
import { type PaperAuthor, ResearchPaper } from '../../modules/manuscripts/entities/research-paper.entity.js';
import { renderPaperPdf } from './paper-pdf.js';
import { pdfFileNameOf } from '../../modules/manuscripts/manuscripts.service.js';

interface DemoPaper {
  id: string;
  title: string;
  abstract: string;
  category: string;
  keywords: string;
  authors: PaperAuthor[];
  publishedAt: string;
}

/** Published papers for the demo journal of `npm start`; fixed ids keep the seed idempotent. */
export const DEMO_PAPERS: readonly DemoPaper[] = [
  {
    id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01',
    title: 'Microplastic Concentrations in Urban and Suburban Stream Sediments',
    abstract:
      'We sampled sediment from six streams along an urban-to-suburban gradient over one autumn and counted microplastic particles by density separation and microscopy. Urban sites held on average 3.4 times more particles per kilogram of dry sediment than suburban sites, and fibres made up most of the difference. The counts tracked the share of impervious surface upstream of each site, which suggests stormwater runoff as a main pathway.',
    category: 'Environmental Science',
    keywords: 'microplastics, sediment, stormwater, urban ecology',
    authors: [
      { name: 'Maya Okafor', email: 'maya.okafor@example.org', school: 'Lincoln High School' },
      { name: 'Daniel Reyes', email: 'daniel.reyes@example.org', school: 'Lincoln High School' },
    ],
    publishedAt: '2025-06-15T12:00:00Z',
  },
  {
    id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b02',
    title: 'Effect of Blue and Red Light Ratios on Basil Growth in a Low-Cost Hydroponic System',
    abstract:
      'Basil seedlings were grown for five weeks under LED panels with four different ratios of blue to red light at equal total intensity. Plants under a 1:3 blue-to-red ratio reached the greatest fresh mass, 27% above the all-red control, while an even ratio produced the most compact plants. The system cost under $60 to build, so schools can repeat the experiment.',
    category: 'Biology',
    keywords: 'hydroponics, LED, photosynthesis, basil',
    authors: [{ name: 'Priya Natarajan', email: 'priya.natarajan@example.org', school: 'Westfield Academy' }],
    publishedAt: '2025-08-20T12:00:00Z',
  },
  {
    id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b03',
    title: 'Predicting School Bus Arrival Times with a Small Neural Network',
    abstract:
      'We logged GPS positions of four school bus routes for eight weeks and trained a neural network with one hidden layer to predict arrival times at each stop from the time of day, the weather and the delay so far. On held-out days the model was off by 1.9 minutes on average, compared with 4.6 minutes for the published timetable. We discuss which inputs mattered and how the model could run on a phone.',
    category: 'Computer Science',
    keywords: 'machine learning, transport, GPS, prediction',
    authors: [
      { name: 'Ethan Park', email: 'ethan.park@example.org', school: 'Roosevelt STEM Academy' },
      { name: 'Sofia Alvarez', email: 'sofia.alvarez@example.org', school: 'Roosevelt STEM Academy' },
    ],
    publishedAt: '2025-09-10T12:00:00Z',
  },
];

const DEMO_REVIEW_TIME_MS = 42 * 24 * 60 * 60 * 1000;

@Injectable()
export class DemoPapersSeeder {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Inserts the demo papers that are missing, owned by the given user, and gives every demo paper
   * a one-page PDF (title, authors, abstract) when its file is missing; returns how many papers
   * it added. Idempotent.
   */
  async seed(ownerId: string, papers: readonly DemoPaper[] = DEMO_PAPERS): Promise<number> {
    const em = this.em.fork();
    const existing = await em.find(ResearchPaper, { id: { $in: papers.map((paper) => paper.id) } });
    const byId = new Map(existing.map((paper) => [paper.id, paper]));
    let added = 0;
    for (const demo of papers) {
      let paper = byId.get(demo.id);
      if (!paper) {
        paper = em.create(ResearchPaper, {
          ...demo,
          userId: ownerId,
          status: PaperStatus.Published,
          publishedAt: new Date(demo.publishedAt),
          license: this.config.journal.license,
          // Submitted some weeks before publication, so the timeline reads in order.
          createdAt: new Date(Date.parse(demo.publishedAt) - DEMO_REVIEW_TIME_MS),
        });
        added += 1;
      }
      const key = paper.pdfStorageKey ?? paperPdfKey(paper.userId, Date.parse(demo.publishedAt));
      let size: number | null = null;
      if (!(await this.storage.exists(key))) {
        const pdf = await renderPaperPdf({
          title: demo.title,
          authors: demo.authors,
          abstract: demo.abstract,
          journalName: this.config.journal.name,
          publishedAt: new Date(demo.publishedAt),
        });
        await this.storage.put(key, Buffer.from(pdf), { contentType: 'application/pdf' });
        size = pdf.byteLength;
      }
      paper.pdfStorageKey = key;
      paper.pdfFileName ??= pdfFileNameOf(demo.title);
      await this.ensureFirstVersion(em, paper, size);
      await this.ensureTimeline(em, paper);
    }
    await em.flush();
    return added;
  }

  /** Submitted by its owner, then published by the editorial team (no one in particular). */
  private async ensureTimeline(em: EntityManager, paper: ResearchPaper): Promise<void> {
    if (await em.count(PaperStatusEvent, { paperId: paper.id })) return;
    em.create(PaperStatusEvent, { paperId: paper.id, fromStatus: null, toStatus: PaperStatus.Submitted, changedBy: paper.userId, changedAt: paper.createdAt });
    em.create(PaperStatusEvent, {
      paperId: paper.id,
      fromStatus: PaperStatus.Submitted,
      toStatus: PaperStatus.Published,
      changedBy: null,
      changedAt: paper.publishedAt ?? paper.createdAt,
    });
  }

  /** The demo file as version 1, like a submitted paper's (its size read from storage when it was already there). */
  private async ensureFirstVersion(em: EntityManager, paper: ResearchPaper, knownSize: number | null): Promise<void> {
    await em.flush();
    if (await em.count(PaperFile, { paperId: paper.id })) return;
    let size = knownSize;
    if (size === null) {
      const stored = await this.storage.open(paper.pdfStorageKey!);
      stored?.stream.destroy();
      size = stored?.size ?? 0;
    }
    em.create(PaperFile, {
      paperId: paper.id,
      version: 1,
      storageKey: paper.pdfStorageKey!,
      fileName: paper.pdfFileName!,
      sizeBytes: size,
      uploadedBy: paper.userId,
      uploadedAt: paper.publishedAt ?? new Date(),
    });
  }
}
