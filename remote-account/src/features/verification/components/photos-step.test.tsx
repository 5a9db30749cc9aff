import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { format } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { createGate } from 'shared/testing/gate';
import { logInAs } from 'shared/testing/log-in';
import { mswServer } from 'shared/testing/msw-server';
import { PHOTO_KINDS, PHOTO_MAX_BYTES } from '../api/verification-photos';
import { kaVerification } from '../ka-verification';
import { imageFile, showPanel, stubObjectUrls } from '../test-utils';
import { PHOTOS_POLL_MS } from './photos-step';

const t = kaVerification;
const p = t.photos;

function photosStep() {
  return screen.getByRole('listitem', { name: p.title });
}

function photoInput(kind: (typeof PHOTO_KINDS)[number]) {
  return within(photosStep()).getByLabelText(p.kinds[kind]);
}

const threePhotos = {
  id_front: imageFile('front.jpg'),
  id_back: imageFile('back.png', 'image/png'),
  selfie: imageFile('selfie.webp', 'image/webp'),
};

/** Records each upload's multipart form and each customer fetch; the provider answers as set. */
function watchProvider({ afterUpload = customer.photos_status } = {}) {
  const seen = { uploads: [] as FormData[], userFetches: 0 };
  let uploaded = false;
  mswServer.use(
    http.post('*/api/user/user/personal_verification_photos/', async ({ request }) => {
      seen.uploads.push(await request.clone().formData());
      uploaded = true;
    }),
    http.get('*/api/user/details/', () => {
      seen.userFetches += 1;
      return HttpResponse.json({
        ...customer,
        photos_status: uploaded ? afterUpload : customer.photos_status,
      });
    }),
  );
  return seen;
}

/**
 * The provider reviewing three photos: its `decidedAfter`-th answer (and every later one) says
 * they are `outcome`, and so does the customer fetched after it. Counts both kinds of fetch.
 */
function watchReview({
  decidedAfter,
  outcome = 'approved',
}: {
  decidedAfter: number;
  outcome?: 'approved' | 'rejected';
}) {
  const seen = { photoFetches: 0, userFetches: 0 };
  const decided = () => seen.photoFetches >= decidedAfter;
  mswServer.use(
    http.get('*/api/user/user/personal_verification_photos/', () => {
      seen.photoFetches += 1;
      return HttpResponse.json(
        PHOTO_KINDS.map((kind, index) => ({
          id: index + 1,
          kind,
          status: decided() ? outcome : 'pending',
          uploaded_at: '2026-11-22T10:00:00+04:00',
        })),
      );
    }),
    http.get('*/api/user/details/', () => {
      seen.userFetches += 1;
      return HttpResponse.json({ ...customer, photos_status: decided() ? outcome : 'pending' });
    }),
  );
  return seen;
}

async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  for (const kind of PHOTO_KINDS) await user.upload(photoInput(kind), threePhotos[kind]);
}

describe('the personal photos step', () => {
  let urls: ReturnType<typeof stubObjectUrls>;
  beforeEach(() => {
    urls = stubObjectUrls();
  });
  afterEach(() => urls.restore());

  it('offers three labelled photo inputs, and a camera input each that opens the right camera', async () => {
    logInAs();
    await showPanel();

    for (const kind of PHOTO_KINDS) {
      const input = photoInput(kind);
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
      expect(input).toHaveAccessibleName(`${p.kinds[kind]} ${p.choose}`);
      expect(input).toHaveAccessibleDescription(`${p.hint} ${p.noFile}`);
      // The gallery stays open to phones: only the camera input forces the camera.
      expect(input).not.toHaveAttribute('capture');
    }
    const camera = (kind: (typeof PHOTO_KINDS)[number]) =>
      within(photosStep()).getByLabelText(format(p.takePhotoOf, { kind: p.kinds[kind] }));
    expect(camera('id_front')).toHaveAttribute('capture', 'environment');
    expect(camera('id_back')).toHaveAttribute('capture', 'environment');
    expect(camera('selfie')).toHaveAttribute('capture', 'user');
  });

  it('previews a chosen photo and lets the old preview go when another is chosen', async () => {
    const user = userEvent.setup();
    logInAs();
    const { unmount } = await showPanel();

    await user.upload(photoInput('selfie'), threePhotos.selfie);
    const preview = within(photosStep()).getByRole('img', {
      name: format(p.preview, { kind: p.kinds.selfie }),
    });
    const first = preview.getAttribute('src');
    expect(first).toMatch(/^blob:/);

    await user.upload(photoInput('selfie'), imageFile('another.jpg'));
    expect(urls.revoke).toHaveBeenCalledWith(first);
    expect(preview.getAttribute('src')).not.toBe(first);

    const last = preview.getAttribute('src');
    unmount();
    expect(urls.revoke).toHaveBeenCalledWith(last);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, uploading nothing', async () => {
    // The test chooses a file the picker would hide, as a "all files" picker allows.
    const user = userEvent.setup({ applyAccept: false });
    logInAs();
    const seen = watchProvider();
    await showPanel();

    await user.upload(photoInput('id_front'), imageFile('scan.pdf', 'application/pdf'));

    expect(photoInput('id_front')).toHaveAccessibleDescription(
      expect.stringContaining(p.wrongType),
    );
    expect(photoInput('id_front')).toHaveAttribute('aria-invalid', 'true');
    expect(within(photosStep()).queryByRole('img')).not.toBeInTheDocument();
    await user.upload(photoInput('id_back'), threePhotos.id_back);
    await user.upload(photoInput('selfie'), threePhotos.selfie);
    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));
    await waitFor(() => expect(photoInput('id_front')).toHaveFocus());
    expect(photoInput('id_front')).toHaveAccessibleDescription(
      expect.stringContaining(p.wrongType),
    );
    expect(seen.uploads).toHaveLength(0);
  });

  it('refuses a photo over 5 MiB, uploading nothing', async () => {
    const user = userEvent.setup();
    logInAs();
    const seen = watchProvider();
    await showPanel();

    await user.upload(
      photoInput('id_back'),
      imageFile('huge.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1),
    );

    expect(photoInput('id_back')).toHaveAccessibleDescription(expect.stringContaining(p.tooBig));
    expect(photoInput('id_back')).toHaveValue('');
    await user.upload(photoInput('id_front'), threePhotos.id_front);
    await user.upload(photoInput('selfie'), threePhotos.selfie);
    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));
    // The refused photo still holds the submit back, and the cursor goes to it.
    await waitFor(() => expect(photoInput('id_back')).toHaveFocus());
    expect(photoInput('id_back')).toHaveAccessibleDescription(expect.stringContaining(p.tooBig));
    expect(seen.uploads).toHaveLength(0);
  });

  it('asks for every missing photo before uploading', async () => {
    const user = userEvent.setup();
    logInAs();
    const seen = watchProvider();
    await showPanel();

    await user.upload(photoInput('id_back'), threePhotos.id_back);
    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));

    await waitFor(() => expect(photoInput('id_front')).toHaveFocus());
    expect(photoInput('id_front')).toHaveAccessibleDescription(expect.stringContaining(p.required));
    expect(photoInput('selfie')).toHaveAccessibleDescription(expect.stringContaining(p.required));
    expect(photoInput('id_back')).not.toHaveAttribute('aria-invalid');
    expect(seen.uploads).toHaveLength(0);
  });

  it('uploads the three photos as one multipart form, then shows them under review', async () => {
    const user = userEvent.setup();
    logInAs();
    const seen = watchProvider({ afterUpload: 'pending' });
    await showPanel();
    const loaded = seen.userFetches;

    await chooseAll(user);
    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));

    expect(await within(photosStep()).findByText(p.uploaded)).toBeInTheDocument();
    expect(seen.uploads).toHaveLength(1);
    const form = seen.uploads[0];
    expect([...(form?.keys() ?? [])]).toEqual([...PHOTO_KINDS]);
    for (const kind of PHOTO_KINDS) {
      // Each photo is a file part with its name, type and bytes.
      const part = form?.get(kind);
      expect(part).toBeInstanceOf(File);
      expect((part as File).name).toBe(threePhotos[kind].name);
      expect((part as File).type).toBe(threePhotos[kind].type);
      expect(await (part as File).text()).toBe(await threePhotos[kind].text());
    }
    expect(seen.userFetches).toBe(loaded + 1);
    expect(photosStep()).toHaveTextContent(p.status.pending);
    expect(within(photosStep()).queryByLabelText(p.kinds.id_front)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: p.title })).toHaveFocus();
  });

  it('shows upload progress while the photos are sent', async () => {
    const user = userEvent.setup();
    const answer = createGate();
    mswServer.use(
      http.post('*/api/user/user/personal_verification_photos/', async () => {
        await answer.passed();
        return HttpResponse.json([], { status: 201 });
      }),
    );
    logInAs();
    await showPanel();
    await chooseAll(user);

    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));

    const progress = await within(photosStep()).findByRole('progressbar', { name: p.progress });
    expect(progress).toHaveAttribute('max', '100');
    expect(within(photosStep()).getByRole('button', { name: p.uploading })).toBeDisabled();
    answer.open();
    await waitForElementToBeRemoved(progress);
  });

  it('shows a 413 as a message about the size, and keeps the chosen photos', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('*/api/user/user/personal_verification_photos/', () =>
        HttpResponse.json({ detail: 'Too large', code: 'file_too_large' }, { status: 413 }),
      ),
    );
    logInAs();
    await showPanel();
    await chooseAll(user);

    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));

    expect(await within(photosStep()).findByRole('alert')).toHaveTextContent(p.fileTooLarge);
    expect(within(photosStep()).getAllByRole('img')).toHaveLength(3);
  });

  it("shows the provider's message for one photo at that photo's input", async () => {
    const user = userEvent.setup();
    const message = 'სელფიზე სახე არ ჩანს.';
    mswServer.use(
      http.post('*/api/user/user/personal_verification_photos/', () =>
        HttpResponse.json({ selfie: [message] }, { status: 400 }),
      ),
    );
    logInAs();
    await showPanel();
    await chooseAll(user);

    await user.click(within(photosStep()).getByRole('button', { name: p.upload }));

    await waitFor(() =>
      expect(photoInput('selfie')).toHaveAccessibleDescription(expect.stringContaining(message)),
    );
    // The cursor goes to the photo in error, as in every form.
    await waitFor(() => expect(photoInput('selfie')).toHaveFocus());
    expect(photoInput('id_front')).not.toHaveAttribute('aria-invalid');
    expect(within(photosStep()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('while under review, lists the photos sent and fetches them every 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      logInAs({ photos_status: 'pending' });
      const review = watchReview({ decidedAfter: 99 });
      await showPanel();
      const sent = await within(photosStep()).findByRole('list', { name: p.sentLabel });
      expect(within(sent).getAllByRole('listitem')).toHaveLength(3);
      expect(sent).toHaveTextContent(
        format(p.sentItem, { kind: p.kinds.selfie, status: p.status.pending }),
      );
      expect(review.photoFetches).toBe(1);
      vi.setTimerTickMode('manual');

      await act(() => vi.advanceTimersByTimeAsync(PHOTOS_POLL_MS - 100));
      expect(review.photoFetches).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(100));
      await vi.waitFor(() => expect(review.photoFetches).toBe(2), { timeout: 5_000 });
      expect(photosStep()).toHaveTextContent(p.status.pending);
      expect(review.userFetches).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops polling once the review is decided, and announces the approval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      logInAs({ photos_status: 'pending' });
      const review = watchReview({ decidedAfter: 2, outcome: 'approved' });
      await showPanel();
      await within(photosStep()).findByRole('list', { name: p.sentLabel });
      vi.setTimerTickMode('manual');

      // The second fetch finds every photo decided: the customer is fetched again.
      await act(() => vi.advanceTimersByTimeAsync(PHOTOS_POLL_MS));
      await vi.waitFor(() => expect(photosStep()).toHaveTextContent(p.status.approved), {
        timeout: 5_000,
      });
      expect(review.photoFetches).toBe(2);
      expect(review.userFetches).toBe(2);
      // The outcome reached the page while the customer watched: it is announced.
      expect(within(photosStep()).getByRole('status')).toHaveTextContent(p.approvedNote);
      expect(within(photosStep()).queryByRole('list', { name: p.sentLabel })).toBeNull();

      await act(() => vi.advanceTimersByTimeAsync(PHOTOS_POLL_MS * 3));
      expect(review.photoFetches).toBe(2);
      expect(review.userFetches).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces a rejection found by polling and asks for the photos again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      logInAs({ photos_status: 'pending' });
      watchReview({ decidedAfter: 2, outcome: 'rejected' });
      await showPanel();
      await within(photosStep()).findByRole('list', { name: p.sentLabel });
      vi.setTimerTickMode('manual');

      await act(() => vi.advanceTimersByTimeAsync(PHOTOS_POLL_MS));
      await vi.waitFor(
        () => expect(within(photosStep()).getByRole('alert')).toHaveTextContent(p.rejectedNote),
        { timeout: 5_000 },
      );
      expect(photosStep()).toHaveTextContent(p.status.rejected);
      expect(photoInput('id_front')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops fetching when the panel goes away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      logInAs({ photos_status: 'pending' });
      const review = watchReview({ decidedAfter: 99 });
      const { unmount } = await showPanel();
      await within(photosStep()).findByRole('list', { name: p.sentLabel });
      vi.setTimerTickMode('manual');

      unmount();
      await act(() => vi.advanceTimersByTimeAsync(PHOTOS_POLL_MS * 3));
      expect(review.photoFetches).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
