/** The contract between the server and the built server entry (src/entry-server.tsx). */
export type ApiReader = (path: string) => Promise<{
    status: number;
    data: unknown;
}>;
export interface RenderResult {
    status: number;
    head: string;
    html: string;
    /** JSON for <script type="application/json" id="app-data">, already safe to inline. */
    bootData: string;
}
export type Render = (url: string, cookie: string | undefined, readApi: ApiReader) => Promise<RenderResult>;
