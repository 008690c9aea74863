import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { CropperProps } from 'react-easy-crop';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordToasts } from '@/testing/toasts';
import { cropImage } from '@/lib/cropImage';
import { ProfilePictureDialog } from './ProfilePictureDialog';

// jsdom cannot decode images, so the real cropper never measures one: a stand-in records the
// props it gets and reports a crop area the way react-easy-crop does once an image has loaded.
const cropper = vi.hoisted(() => ({ props: null as null | Partial<CropperProps> }));
const REPORTED_AREA = { x: 10, y: 20, width: 300, height: 300 };
vi.mock('react-easy-crop', async () => {
  const { useEffect } = await import('react');
  function FakeCropper(props: Partial<CropperProps>) {
    cropper.props = props;
    // Once per image, as the real one reports after the image loads (the callback is a new function each render).
    useEffect(() => {
      cropper.props?.onCropComplete?.(
        { x: 0, y: 0, width: 100, height: 100 },
        { x: 10, y: 20, width: 300, height: 300 },
      );
    }, [props.image]);
    return <div data-testid="cropper" data-image={props.image} data-zoom={props.zoom} />;
  }
  return { default: FakeCropper };
});
vi.mock('@/lib/cropImage', () => ({ cropImage: vi.fn() }));

const MB = 1024 * 1024;

function Harness({ onOpenChange, onCropped }: { onOpenChange: (open: boolean) => void; onCropped: (b: Blob) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <ProfilePictureDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        onCropped={onCropped}
      />
    </>
  );
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const onCropped = vi.fn();
  render(<Harness onOpenChange={onOpenChange} onCropped={onCropped} />);
  const toasts = recordToasts();
  return { onOpenChange, onCropped, toasts };
}

const fileInput = () => screen.getByTestId<HTMLInputElement>('profile-picture-input');
const zoomSlider = () => screen.getByLabelText<HTMLInputElement>('Zoom');
const readout = () => screen.getByTestId('zoom-readout').textContent;

function pngOfSize(bytes: number, name = 'photo.png', type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

async function chooseImage(name = 'photo.png') {
  choose(pngOfSize(1000, name));
  await screen.findByTestId('cropper');
}

// jsdom has no object URLs.
let objectUrls = 0;
const createObjectURL = vi.fn(() => `blob:picture-${++objectUrls}`);
const revokeObjectURL = vi.fn();
beforeEach(() => {
  objectUrls = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

afterEach(() => {
  cleanup();
  vi.mocked(cropImage).mockReset();
  vi.restoreAllMocks();
  cropper.props = null;
});

describe('profile picture dialog before an image is chosen (docs/product.md §2)', () => {
  it('shows every text of the spec and a picker for images only', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Crop Profile Picture' });
    expect(screen.getByRole('heading', { name: 'Select Profile Picture' })).toBeInTheDocument();
    expect(screen.getByText('Choose an image to crop for your profile picture')).toBeInTheDocument();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose an image to crop for your profile picture',
    );
    expect(screen.getByRole('button', { name: 'Select Image' })).toBeInTheDocument();
    expect(screen.getByText('Supported formats: JPG, PNG, GIF • Max size: 5MB')).toBeInTheDocument();
    expect(fileInput().type).toBe('file');
    expect(fileInput().accept).toBe('image/*');
    expect(screen.queryByRole('button', { name: 'Save Profile Picture' })).toBeNull();
  });

  it('opens the file picker from Select Image', () => {
    renderDialog();
    const click = vi.spyOn(fileInput(), 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Select Image' }));
    expect(click).toHaveBeenCalledOnce();
  });
});

describe('file checks (docs/product.md §5 "Profile picture")', () => {
  it('refuses a file that is not an image and changes nothing', () => {
    const { toasts } = renderDialog();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(toasts.last()).toMatchObject({
      title: 'Invalid file type',
      description: 'Please select an image file',
      variant: 'destructive',
    });
    expect(screen.queryByTestId('cropper')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Select Profile Picture' })).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB and accepts one of exactly 5 MB', async () => {
    const { toasts } = renderDialog();
    choose(pngOfSize(5 * MB + 1, 'big.png'));
    expect(toasts.last()).toMatchObject({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
      variant: 'destructive',
    });
    expect(screen.queryByTestId('cropper')).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();

    choose(pngOfSize(5 * MB, 'just-fits.png'));
    expect((await screen.findByTestId('cropper')).dataset.image).toBe('blob:picture-1');
  });

  it('keeps the current image when a later choice is refused', async () => {
    const { toasts } = renderDialog();
    await chooseImage('first.png');
    fireEvent.change(zoomSlider(), { target: { value: '2' } });
    choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(toasts.last()).toMatchObject({ title: 'Invalid file type' });
    expect(screen.getByTestId('cropper').dataset.image).toBe('blob:picture-1');
    expect(readout()).toBe('200%');
    expect(screen.getByText('first.png')).toBeInTheDocument();
  });
});

describe('cropping (docs/product.md §2, §9)', () => {
  it('shows a square, round, gridless cropper with zoom 1 to 3 in 0.1 steps starting at 100%', async () => {
    renderDialog();
    await chooseImage();
    expect(cropper.props).toMatchObject({
      image: 'blob:picture-1',
      aspect: 1,
      cropShape: 'round',
      showGrid: false,
      minZoom: 1,
      maxZoom: 3,
      zoom: 1,
      crop: { x: 0, y: 0 },
    });
    expect(
      screen.getByText('Drag to position • Use slider to zoom • Image will be cropped to a circle'),
    ).toBeInTheDocument();
    const slider = zoomSlider();
    expect([slider.type, slider.min, slider.max, slider.step, slider.value]).toEqual(['range', '1', '3', '0.1', '1']);
    expect(readout()).toBe('100%');
    expect(slider.getAttribute('aria-valuetext')).toBe('100%');

    fireEvent.change(slider, { target: { value: '1.5' } });
    expect(readout()).toBe('150%');
    expect(cropper.props?.zoom).toBe(1.5);
    fireEvent.change(slider, { target: { value: '3' } });
    expect(readout()).toBe('300%');
    expect(slider.getAttribute('aria-valuetext')).toBe('300%');
    for (const name of ['Select Different Image', 'Cancel', 'Save Profile Picture']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('follows zoom and position changes the cropper reports (wheel, pinch, drag)', async () => {
    renderDialog();
    await chooseImage();
    act(() => {
      cropper.props?.onZoomChange?.(2.345);
      cropper.props?.onCropChange?.({ x: 12, y: -4 });
    });
    expect(readout()).toBe('235%');
    expect(cropper.props).toMatchObject({ zoom: 2.345, crop: { x: 12, y: -4 } });
  });

  it('Select Different Image resets crop, zoom and image and opens the picker', async () => {
    renderDialog();
    await chooseImage('first.png');
    fireEvent.change(zoomSlider(), { target: { value: '2.5' } });
    act(() => cropper.props?.onCropChange?.({ x: 30, y: 30 }));
    const click = vi.spyOn(fileInput(), 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Select Different Image' }));
    expect(click).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('cropper')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Select Profile Picture' })).toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:picture-1');

    await chooseImage('second.png');
    expect(readout()).toBe('100%');
    expect(cropper.props).toMatchObject({ image: 'blob:picture-2', zoom: 1, crop: { x: 0, y: 0 } });
    expect(screen.getByText('second.png')).toBeInTheDocument();
  });

  it.each([
    ['Cancel', 'Cancel'],
    ['the close icon', 'Close'],
  ])('%s closes and clears image, crop, zoom and file name', async (_label, buttonName) => {
    const { onOpenChange, onCropped } = renderDialog();
    await chooseImage('first.png');
    fireEvent.change(zoomSlider(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: buttonName }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:picture-1');

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('heading', { name: 'Select Profile Picture' })).toBeInTheDocument();
    expect(screen.queryByTestId('cropper')).toBeNull();
    expect(screen.queryByText('first.png')).toBeNull();
    expect(fileInput().value).toBe('');
    await chooseImage('second.png');
    expect(readout()).toBe('100%');
    expect(onCropped).not.toHaveBeenCalled();
  });
});

describe('saving (docs/product.md §4, §8)', () => {
  it("reads 'Processing...' while cropping, then hands the JPEG to the parent, closes and clears", async () => {
    let finish: (blob: Blob) => void = () => {};
    vi.mocked(cropImage).mockImplementation(() => new Promise<Blob>((resolve) => (finish = resolve)));
    const { onOpenChange, onCropped } = renderDialog();
    await chooseImage();
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile Picture' }));

    const processing = await screen.findByRole<HTMLButtonElement>('button', { name: 'Processing...' });
    expect(processing.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    expect(cropImage).toHaveBeenCalledWith('blob:picture-1', REPORTED_AREA);
    // Closing mid-crop waits for the crop rather than dropping it.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });
    await act(async () => finish(jpeg));
    expect(onCropped).toHaveBeenCalledWith(jpeg);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('heading', { name: 'Select Profile Picture' })).toBeInTheDocument();
  });

  it("shows 'Error cropping image' when the crop fails, clears the processing flag and keeps the image", async () => {
    vi.mocked(cropImage).mockRejectedValue(new Error('canvas is tainted'));
    const { onOpenChange, onCropped, toasts } = renderDialog();
    await chooseImage();
    fireEvent.change(zoomSlider(), { target: { value: '1.7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile Picture' }));

    await waitFor(() =>
      expect(toasts.last()).toMatchObject({
        title: 'Error cropping image',
        description: 'Please try again',
        variant: 'destructive',
      }),
    );
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save Profile Picture' });
    expect(save.disabled).toBe(false);
    expect(screen.queryByText('Processing...')).toBeNull();
    expect(readout()).toBe('170%');
    expect(onCropped).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
