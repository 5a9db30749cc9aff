import { existsSync } from 'node:fs';
import path from 'node:path';
import { seedCms } from '../src/db/seed-cms';
import { SLIDER_MEDIA_DIR } from '../src/routes/cms/media-routes';
import { build } from './build';

describe('the CMS content', () => {
  const ctx = build();

  async function insertTerms(contactType: number, version: string, publishedAt: string) {
    const [row] = await ctx().app.db.query<{ id: number }>(
      `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
       VALUES ($1, 'პირობები', '<p>ტექსტი</p>', $2, $3) RETURNING id`,
      [contactType, version, publishedAt],
    );
    return row?.id;
  }

  describe('GET /api/cms/terms_of_contract/', () => {
    it('lists every version of the asked type, newest first, in the contract shape', async () => {
      const older = await insertTerms(2, '1.0', '2026-01-15T10:00:00+04:00');
      const newer = await insertTerms(2, '2.0', '2026-09-01T10:00:00+04:00');
      await insertTerms(1, '3.0', '2026-10-01T10:00:00+04:00');

      const response = await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=2' });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          id: newer,
          contact_type: 2,
          title: 'პირობები',
          content: '<p>ტექსტი</p>',
          version: '2.0',
          published_at: '2026-09-01T06:00:00.000Z',
        },
        expect.objectContaining({ id: older, version: '1.0', contact_type: 2 }),
      ]);
    });

    it('answers an empty list when no terms of that type are published', async () => {
      await insertTerms(2, '1.0', '2026-01-15T10:00:00+04:00');
      const response = await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('requires contact_type', async () => {
      const response = await ctx().call({ url: '/api/cms/terms_of_contract/' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ contact_type: ['ეს ველი სავალდებულოა.'] });
    });

    it('serves the personal-data notices (contact_type=3), newest first', async () => {
      const older = await insertTerms(3, '1.0', '2026-03-01T10:00:00+04:00');
      const newer = await insertTerms(3, '1.1', '2026-11-01T10:00:00+04:00');
      await insertTerms(2, '2.0', '2026-12-01T10:00:00+04:00');
      const response = await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=3' });
      expect(response.statusCode).toBe(200);
      expect(
        response.json().map((t: { id: number; contact_type: number }) => [t.id, t.contact_type]),
      ).toEqual([
        [newer, 3],
        [older, 3],
      ]);
    });

    it.each(['4', '0', 'abc', '1.0', ''])(
      'refuses contact_type=%s with a Georgian message',
      async (value) => {
        const response = await ctx().call({
          url: `/api/cms/terms_of_contract/?contact_type=${value}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          contact_type: [expect.stringMatching(/[\u10A0-\u10FF]/)],
        });
      },
    );

    it('refuses contact_type given twice', async () => {
      const response = await ctx().call({
        url: '/api/cms/terms_of_contract/?contact_type=1&contact_type=2',
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['contact_type']);
    });
  });

  it('lists questions and answers by order', async () => {
    await ctx().app.db.query(
      `INSERT INTO question_answer (question, answer, "order") VALUES
         ('მეორე?', '<p>ბ</p>', 20), ('პირველი?', '<p>ა</p>', 10), ('მესამე?', '<p>გ</p>', 30)`,
    );

    const response = await ctx().call({ url: '/api/cms/question_answer/' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 2, question: 'პირველი?', answer: '<p>ა</p>', order: 10 },
      { id: 1, question: 'მეორე?', answer: '<p>ბ</p>', order: 20 },
      { id: 3, question: 'მესამე?', answer: '<p>გ</p>', order: 30 },
    ]);
  });

  it('lists slides by order, with a null link where there is none', async () => {
    await ctx().app.db.query(
      `INSERT INTO slider (title, description, image, link, "order") VALUES
         ('ბ', 'აღწერა ბ', '/media/slider/phone.svg', NULL, 2),
         ('ა', 'აღწერა ა', '/media/slider/coins.svg', '/static', 1)`,
    );

    const response = await ctx().call({ url: '/api/cms/slider/' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: 2,
        title: 'ა',
        description: 'აღწერა ა',
        image: '/media/slider/coins.svg',
        link: '/static',
        order: 1,
      },
      {
        id: 1,
        title: 'ბ',
        description: 'აღწერა ბ',
        image: '/media/slider/phone.svg',
        link: null,
        order: 2,
      },
    ]);
  });

  it('needs no login and refuses no one: a bad token is not even looked at', async () => {
    const response = await ctx().call({ url: '/api/cms/slider/', token: 'not-a-token' });
    expect(response.statusCode).toBe(200);
  });

  describe('the seeded content', () => {
    beforeEach(async () => {
      await seedCms(ctx().app.db);
    });

    it('has the registration terms in two versions, the current one first', async () => {
      const terms = (
        await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=2' })
      ).json();
      expect(terms.map((t: { version: string }) => t.version)).toEqual(['2.0', '1.0']);
      expect(terms[0].content).toContain('<h2>');
      expect(terms[0].content).toContain('18 წელი');
    });

    it('has the loan contract with its disclosures', async () => {
      const [terms] = (
        await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=1' })
      ).json();
      expect(terms).toMatchObject({ contact_type: 1, title: 'სესხის ხელშეკრულების პირობები' });
      for (const text of [
        'ხელშეკრულების საგანი',
        'ლარში (GEL)',
        'ეფექტური',
        '625',
        '50%',
        '24%',
        '2%',
        'ვადამდე',
        '0.1%',
        'პერსონალურ',
        'პრეტენზია',
      ]) {
        expect(terms.content).toContain(text);
      }
    });

    it('has the personal-data notice a Georgian lender publishes, apart from the terms', async () => {
      const notices = (
        await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=3' })
      ).json();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        contact_type: 3,
        title: 'პერსონალურ მონაცემთა დამუშავების შესახებ ინფორმირება და თანხმობა',
        version: '1.0',
      });
      for (const text of [
        'დამმუშავებელი',
        'პირადი ნომერი',
        'პირადობის მოწმობის',
        'მოწყობილობის ჟურნალი',
        'კრედიტუნარიანობის',
        'სამართლებრივი საფუძველი',
        'კრედიტინფო საქართველო',
        '5 წლის',
        'გამოიხმოთ თანხმობა',
        'პერსონალურ მონაცემთა დაცვის სამსახურს',
        'mailto:',
      ]) {
        expect(notices[0].content).toContain(text);
      }
    });

    it('adds the notice to content seeded before it existed, once', async () => {
      await ctx().app.db.query('DELETE FROM terms_of_contract WHERE contact_type = 3');
      await seedCms(ctx().app.db);
      await seedCms(ctx().app.db);
      const notices = (
        await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=3' })
      ).json();
      expect(notices).toHaveLength(1);
    });

    it('has six to eight questions with HTML answers, in order', async () => {
      const items = (await ctx().call({ url: '/api/cms/question_answer/' })).json();
      expect(items.length).toBeGreaterThanOrEqual(6);
      expect(items.length).toBeLessThanOrEqual(8);
      expect(items[0].question).toBe('ვის შეუძლია სესხის აღება?');
      const orders = items.map((item: { order: number }) => item.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      for (const item of items) expect(item.answer).toMatch(/^<(p|ol|ul)>/);
    });

    it('has slides pointing at the shipped images, one of them linking to /static', async () => {
      const slides = (await ctx().call({ url: '/api/cms/slider/' })).json();
      expect(slides.length).toBeGreaterThanOrEqual(3);
      expect(slides.filter((s: { link: string | null }) => s.link === '/static')).toHaveLength(1);
      expect(slides.filter((s: { link: string | null }) => s.link === null)).toHaveLength(
        slides.length - 1,
      );
      for (const slide of slides) {
        expect(slide.image).toMatch(/^\/media\/slider\/[a-z0-9-]+\.svg$/);
        expect(existsSync(path.join(SLIDER_MEDIA_DIR, path.basename(slide.image)))).toBe(true);
      }
    });

    it('does not duplicate content when seeded again', async () => {
      await seedCms(ctx().app.db);
      const slides = (await ctx().call({ url: '/api/cms/slider/' })).json();
      const terms = (
        await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=2' })
      ).json();
      expect(slides).toHaveLength(4);
      expect(terms).toHaveLength(2);
    });
  });
});
