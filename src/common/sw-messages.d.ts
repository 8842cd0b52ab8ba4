/** The messages page and service worker exchange: one typed bridge, both directions. */
export type PageToWorker = {
    type: 'SKIP_WAITING';
} | {
    type: 'FLUSH_OUTBOX';
};
export type WorkerToPage = {
    type: 'OUTBOX_FLUSHED';
    sent: number;
};
export declare const SW_CACHES: {
    readonly pages: "festa-pages";
    readonly api: "festa-api";
    readonly images: "festa-images";
    /** Press files and programme attachments the visitor chose to keep ("Guardar offline"). */
    readonly files: "festa-press-files";
};
export declare const OFFLINE_SHELL_URL = "/offline-shell.html";
