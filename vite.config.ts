import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: true }
    : { outDir: 'dist/client', emptyOutDir: true, manifest: true, sourcemap: true },
  ssr: { noExternal: [] },
}));
