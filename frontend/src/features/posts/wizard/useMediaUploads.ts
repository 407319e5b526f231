import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaKindOf, uploadExtensionOf, type UploadedMedia } from '../../../../../shared/api/uploads';
import type { MediaKind } from '../../../../../shared/media';
import { useApi } from '../../../lib/useApi';
import { ApiError } from '../../../lib/apiClient';
import { cancelRememberedUpload, PartUploadError, UploadAborted, uploadFile, type ResumeNotice } from './api/uploadFile';
import { storeThumbnail } from './api/thumbnail';
import type { WizardDraft } from './draft';

export interface MediaItem {
  id: string;
  name: string;
  size: number;
  kind: MediaKind;
  /** Absent for media restored from the draft (the file stayed on the other page load). */
  file?: File;
  /** The file's object URL; an opened server draft's signed link; absent for media restored after a reload. */
  previewUrl?: string;
  /** What the file shows, for people who cannot see it (sent to the networks that take it). */
  altText?: string;
  status: 'uploading' | 'done' | 'failed';
  loaded: number;
  bytesPerSecond: number;
  error?: string;
  /** Said while it uploads when the file was picked before: how much of it S3 already held, or that it starts afresh. */
  resume?: ResumeNotice;
  media?: UploadedMedia;
  /** Why the file has no thumbnail (the post lists then show an icon); absent when it has one. */
  thumbnailError?: string;
}

export interface RejectedFile {
  id: string;
  name: string;
  reason: string;
}

let nextId = 0;
const newId = () => `media-${Date.now()}-${nextId++}`;

/** The wizard's files: validated, uploaded for real, retried, removed (aborting in-flight ones). */
export function useMediaUploads(restored: WizardDraft['media']) {
  const { t } = useTranslation();
  const api = useApi();
  const [items, setItems] = useState<MediaItem[]>(() =>
    restored.map((entry) => ({
      id: newId(),
      name: entry.name,
      size: entry.size,
      kind: entry.media.kind,
      status: 'done',
      loaded: entry.size,
      bytesPerSecond: 0,
      media: entry.media,
      ...(entry.previewUrl ? { previewUrl: entry.previewUrl } : {}),
      ...(entry.altText ? { altText: entry.altText } : {}),
    })),
  );
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, change: Partial<MediaItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const reasonFor = useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) return error.message;
      if (error instanceof PartUploadError) {
        if (error.reason === 'http') return t('wizard.upload.partFailed', { status: error.status });
        return error.reason === 'noEtag' ? t('wizard.upload.noEtag') : t('wizard.upload.networkError');
      }
      // fetch's own failure: the API could not be reached.
      if (error instanceof TypeError) return t('wizard.upload.networkError');
      return t('common.genericError');
    },
    [t],
  );

  const start = useCallback(
    (id: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      const startedAt = performance.now();
      // The bytes S3 already held when a picked-again file resumes: not part of this run's speed.
      let storedBefore = 0;
      update(id, { status: 'uploading', loaded: 0, bytesPerSecond: 0, error: undefined, resume: undefined });
      uploadFile(api, file, {
        signal: controller.signal,
        onResume: (resume) => {
          if (resume.kind === 'resumed') storedBefore = resume.storedBytes;
          update(id, { resume });
        },
        onProgress: ({ loaded }) => {
          const seconds = (performance.now() - startedAt) / 1000;
          update(id, { loaded, bytesPerSecond: seconds > 0 ? Math.max(0, loaded - storedBefore) / seconds : 0 });
        },
      })
        .then(async (media) => {
          // The poster frame or small image the post lists show, made here and stored beside the file.
          // A document has none: the lists show the document's icon and name.
          let thumbnailError: string | undefined;
          try {
            if (media.kind !== 'document') await storeThumbnail(api, file, media.kind, media.key, controller.signal);
          } catch (error) {
            if (controller.signal.aborted) return;
            thumbnailError = error instanceof ApiError ? t('wizard.upload.thumbnailRefused', { reason: error.message }) : t('wizard.upload.noThumbnail');
          }
          update(id, { status: 'done', loaded: file.size, media, thumbnailError, resume: undefined });
        })
        .catch((error: unknown) => {
          if (error instanceof UploadAborted) return;
          // The server refused the file itself (e.g. its content is not what its name says).
          if (error instanceof ApiError && error.status === 400) {
            setItems((current) => current.filter((item) => item.id !== id));
            setRejected((current) => [...current, { id, name: file.name, reason: error.message }]);
            return;
          }
          update(id, { status: 'failed', error: reasonFor(error) });
        })
        .finally(() => controllers.current.delete(id));
    },
    [api, update, reasonFor, t],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      const accepted: MediaItem[] = [];
      const refused: RejectedFile[] = [];
      for (const file of files) {
        const extension = uploadExtensionOf(file.name);
        if (!extension) {
          refused.push({ id: newId(), name: file.name, reason: t('wizard.upload.unsupported') });
          continue;
        }
        const kind = mediaKindOf(extension);
        accepted.push({ id: newId(), name: file.name, size: file.size, kind, file, previewUrl: URL.createObjectURL(file), status: 'uploading', loaded: 0, bytesPerSecond: 0 });
      }
      setRejected((current) => [...current.filter((entry) => !files.some((file) => file.name === entry.name)), ...refused]);
      setItems((current) => [...current, ...accepted]);
      for (const item of accepted) start(item.id, item.file!);
    },
    [start, t],
  );

  const remove = useCallback(
    (id: string) => {
      // Removing cancels: an upload under way aborts (uploadFile), a stopped one left resumable is aborted here.
      const running = controllers.current.get(id);
      if (running) running.abort();
      else {
        const file = items.find((entry) => entry.id === id && entry.status === 'failed')?.file;
        if (file) void cancelRememberedUpload(api, file);
      }
      setItems((current) => {
        const item = current.find((entry) => entry.id === id);
        if (item?.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(item.previewUrl);
        return current.filter((entry) => entry.id !== id);
      });
    },
    [api, items],
  );

  const retry = useCallback(
    (id: string) => {
      const item = items.find((entry) => entry.id === id);
      if (item?.file) start(id, item.file);
    },
    [items, start],
  );

  useEffect(() => {
    const active = controllers.current;
    return () => active.forEach((controller) => controller.abort());
  }, []);

  const setAltText = useCallback((id: string, altText: string) => setItems((current) => current.map((item) => (item.id === id ? { ...item, altText } : item))), []);

  return { items, rejected, addFiles, remove, retry, setAltText };
}
